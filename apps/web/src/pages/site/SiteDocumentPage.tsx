import type { SiteDocument } from './site-document';
import './site.css';

/** A footer page of text: title, date, then its sections, readable on a phone. */
export function SiteDocumentPage({ doc }: { doc: SiteDocument }) {
  return (
    <article className="page site-page" aria-labelledby="site-page-title">
      <h1 id="site-page-title" className="page__title">
        {doc.title}
      </h1>
      <p className="site-page__updated">更新日期：{doc.updated}</p>
      {doc.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {doc.sections.map((section) => (
        <section key={section.heading} className="site-page__section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
