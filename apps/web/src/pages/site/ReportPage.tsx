import { REPORT_CATEGORIES, REPORT_LIMITS, type ReportForm } from '@liaison/protocol';
import { Button, Form, Input, Result, Select } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { submitReport } from '../../api/mall';
import { maxChars, requiredText } from '../common/form-rules';
import { REPORT_TEXT } from './report-text';
import './site.css';

/** A link to report: http or https only, as a person copies it from the address bar. */
const WEB_ADDRESS = /^https?:\/\/\S+$/i;

/**
 * /report 举报中心: anyone, visitor or not, files a report; the answer is its number. `?url=`
 * fills in the link (a page can link here about itself).
 */
export function ReportPage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<ReportForm>();
  const [submitting, setSubmitting] = useState(false);
  const [reportId, setReportId] = useState<string | null>(null);

  async function handleFinish(values: ReportForm) {
    setSubmitting(true);
    try {
      const { data } = await submitReport({
        category: values.category,
        content: values.content.trim(),
        ...(values.targetUrl?.trim() ? { targetUrl: values.targetUrl.trim() } : {}),
        ...(values.contact?.trim() ? { contact: values.contact.trim() } : {}),
      });
      setReportId(data.id);
    } catch {
      // The request layer has shown the server's reason; the form keeps what was typed.
    } finally {
      setSubmitting(false);
    }
  }

  function handleAnother() {
    form.resetFields();
    setReportId(null);
  }

  return (
    <article className="page site-page" aria-labelledby="site-page-title">
      <h1 id="site-page-title" className="page__title">
        {REPORT_TEXT.title}
      </h1>
      {reportId !== null ? (
        <Result
          status="success"
          title={REPORT_TEXT.successTitle}
          subTitle={REPORT_TEXT.successText(reportId)}
          extra={<Button onClick={handleAnother}>继续举报</Button>}
        />
      ) : (
        <>
          <p>{REPORT_TEXT.intro}</p>
          <ul className="site-page__rules">
            {REPORT_TEXT.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <Form<ReportForm>
            form={form}
            layout="vertical"
            className="site-page__form"
            initialValues={{ targetUrl: params.get('url') ?? '' }}
            onFinish={handleFinish}
            validateTrigger="onBlur"
          >
            <Form.Item name="category" label="举报类型" rules={[{ required: true, message: '请选择举报类型' }]}>
              <Select
                placeholder="请选择"
                options={REPORT_CATEGORIES.map((category) => ({ value: category, label: category }))}
              />
            </Form.Item>
            <Form.Item
              name="targetUrl"
              label="被举报页面链接"
              rules={[
                maxChars('链接', REPORT_LIMITS.targetUrl),
                { pattern: WEB_ADDRESS, message: '请输入以 http:// 或 https:// 开头的网页链接' },
              ]}
            >
              <Input placeholder="选填，例如被举报能力或企业页面的地址" inputMode="url" />
            </Form.Item>
            <Form.Item
              name="content"
              label="举报内容"
              rules={[requiredText('请描述举报内容'), maxChars('举报内容', REPORT_LIMITS.content)]}
            >
              <Input.TextArea
                rows={5}
                maxLength={REPORT_LIMITS.content}
                showCount
                placeholder="请说明被举报的内容和理由"
              />
            </Form.Item>
            <Form.Item name="contact" label="联系方式" rules={[maxChars('联系方式', REPORT_LIMITS.contact)]}>
              <Input placeholder="选填，手机号或邮箱，便于我们反馈处理结果" maxLength={REPORT_LIMITS.contact} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={submitting}>
                提交举报
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
    </article>
  );
}
