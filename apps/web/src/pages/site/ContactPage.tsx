import { Card, Descriptions } from 'antd';
import { Link } from 'react-router';
import { CONTACT_TEXT } from './contact-text';
import './site.css';

/** /contact 联系我们: the operator's address, phone and email, and where each kind of question goes. */
export function ContactPage() {
  return (
    <article className="page site-page" aria-labelledby="site-page-title">
      <h1 id="site-page-title" className="page__title">
        {CONTACT_TEXT.title}
      </h1>
      <p>{CONTACT_TEXT.intro}</p>
      <Descriptions
        bordered
        column={1}
        className="site-page__contact"
        items={CONTACT_TEXT.channels.map((channel) => ({
          key: channel.label,
          label: channel.label,
          children: 'href' in channel ? <a href={channel.href}>{channel.value}</a> : channel.value,
        }))}
      />
      <h2 className="site-page__subtitle">咨询指引</h2>
      <div className="site-page__grid">
        {CONTACT_TEXT.topics.map((topic) => (
          <Card key={topic.title} title={<h3 className="site-page__card-title">{topic.title}</h3>} size="small">
            <p>{topic.text}</p>
            {'link' in topic && <Link to={topic.link.to}>{topic.link.label}</Link>}
          </Card>
        ))}
      </div>
    </article>
  );
}
