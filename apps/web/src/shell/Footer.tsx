import { Button, Empty, Modal } from 'antd';
import { useState } from 'react';
import { ICP_NUMBER, SITE_NAME } from '../app/site';

const LINKS = ['法律声明', 'Cookie政策', '举报中心', '联系我们', '加入我们'] as const;

/** Spec §2: the footer links and the ICP filing number. */
export function Footer() {
  const [shown, setShown] = useState<string | null>(null);
  return (
    <footer className="portal-footer">
      <nav aria-label="页脚导航" className="portal-footer__links">
        {LINKS.map((label) => (
          <Button key={label} type="link" onClick={() => setShown(label)}>
            {label}
          </Button>
        ))}
      </nav>
      <p className="portal-footer__icp">
        © {SITE_NAME}　ICP备案号：
        {ICP_NUMBER ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
            {ICP_NUMBER}
          </a>
        ) : (
          '未配置'
        )}
      </p>
      <Modal open={shown !== null} title={shown} footer={null} onCancel={() => setShown(null)}>
        <Empty description={`${shown ?? ''}的正文由平台运营方发布，发布后将在这里显示。`} />
      </Modal>
    </footer>
  );
}
