import { Card, Tag } from 'antd';
import { JOIN_TEXT } from './join-text';
import './site.css';

/** /join 加入我们: the open positions and how to apply. */
export function JoinPage() {
  return (
    <article className="page site-page" aria-labelledby="site-page-title">
      <h1 id="site-page-title" className="page__title">
        {JOIN_TEXT.title}
      </h1>
      <p>{JOIN_TEXT.intro}</p>
      <h2 className="site-page__subtitle">开放岗位（{JOIN_TEXT.positions.length}）</h2>
      <ul className="site-page__positions" aria-label="开放岗位">
        {JOIN_TEXT.positions.map((position) => (
          <li key={position.title}>
            <Card size="small" title={<h3 className="site-page__card-title">{position.title}</h3>}>
              <p className="site-page__tags">
                <Tag>{position.team}</Tag>
                <Tag color="blue">{position.location}</Tag>
              </p>
              <h4>岗位职责</h4>
              <ul>
                {position.duties.map((duty) => (
                  <li key={duty}>{duty}</li>
                ))}
              </ul>
              <h4>任职要求</h4>
              <ul>
                {position.requirements.map((requirement) => (
                  <li key={requirement}>{requirement}</li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
      <h2 className="site-page__subtitle">投递方式</h2>
      <p>
        {JOIN_TEXT.howToApply} <a href={`mailto:${JOIN_TEXT.jobsEmail}`}>发送简历</a>
      </p>
    </article>
  );
}
