import { COMPANY_LIMITS, type CompanyPageSettings, type CompanyPageUpdate } from '@liaison/protocol';
import { Button, Card, Form, Input, Skeleton, Switch } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchCompanyPage, saveCompanyPage, setPhonePublic } from '../../api/company';
import { feedback } from '../../base/feedback';
import { formatTime } from '../../common/format-time';
import { ListFailed } from '../../common/ListFailed';
import { ImageField } from '../common/ImageField';
import { PartnersCard } from './PartnersCard';
import './company.css';

/** Management centre "integrated": the company main page settings, public phone and partners. */
export function ManageIntegratedPage() {
  const [settings, setSettings] = useState<CompanyPageSettings | null>(null);
  const [hasFailed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setSettings((await fetchCompanyPage()).data);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="page company" aria-labelledby="company-title">
      <h1 id="company-title" className="page__title">
        企业主页设置
      </h1>
      {hasFailed ? (
        <ListFailed title="企业主页设置加载失败" onRetry={() => void load()} />
      ) : settings === null ? (
        <Skeleton active />
      ) : (
        <>
          <PageForm settings={settings} onSaved={load} />
          <PhoneCard settings={settings} onChanged={load} />
        </>
      )}
      <PartnersCard />
    </section>
  );
}

function PageForm({ settings, onSaved }: { settings: CompanyPageSettings; onSaved: () => Promise<void> }) {
  const [form] = Form.useForm<CompanyPageUpdate>();
  const [isSaving, setSaving] = useState(false);

  async function handleSubmit(values: CompanyPageUpdate) {
    setSaving(true);
    try {
      await saveCompanyPage({
        introduction: values.introduction ?? '',
        banner: values.banner ?? '',
        website: values.website?.trim() ?? '',
      });
      feedback.message.success('企业主页已保存');
      await onSaved();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSaving(false);
    }
  }

  return (
    // When it was last saved goes beside the button, not in the title bar, where it would squeeze
    // the enterprise's name on a phone.
    <Card title={settings.enterpriseName || '企业主页'} className="company__card">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ introduction: settings.introduction, banner: settings.banner, website: settings.website }}
        onFinish={handleSubmit}
      >
        <Form.Item
          name="introduction"
          label="企业简介"
          rules={[
            { max: COMPANY_LIMITS.introduction, message: `企业简介不能超过${COMPANY_LIMITS.introduction}个字符` },
          ]}
        >
          <Input.TextArea
            rows={6}
            showCount
            maxLength={COMPANY_LIMITS.introduction}
            placeholder="介绍企业的主营业务、产能、资质和服务范围"
          />
        </Form.Item>
        <Form.Item name="banner" label="主页横幅">
          <ImageField label="横幅" previewClassName="company__banner" />
        </Form.Item>
        <Form.Item
          name="website"
          label="企业官网"
          rules={[
            { type: 'url', message: '请输入以http://或https://开头的网址' },
            { pattern: /^https?:\/\//i, message: '请输入以http://或https://开头的网址' },
            { max: COMPANY_LIMITS.website, message: `官网地址不能超过${COMPANY_LIMITS.website}个字符` },
          ]}
        >
          <Input placeholder="https://www.example.com" inputMode="url" />
        </Form.Item>
        <div className="company__save">
          <Button type="primary" htmlType="submit" loading={isSaving}>
            保存
          </Button>
          <span className="company__tip">
            {settings.updatedAt ? `上次保存：${formatTime(settings.updatedAt)}` : '尚未设置'}
          </span>
        </div>
      </Form>
    </Card>
  );
}

function PhoneCard({ settings, onChanged }: { settings: CompanyPageSettings; onChanged: () => Promise<void> }) {
  const [isBusy, setBusy] = useState(false);

  async function handleChange(isPublic: boolean) {
    setBusy(true);
    try {
      await setPhonePublic(isPublic);
      feedback.message.success(isPublic ? '联系电话已在企业主页公开' : '联系电话已隐藏');
      await onChanged();
    } catch {
      // The request layer has shown the reason.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="联系电话" className="company__card">
      <div className="company__phone">
        <span id="phone-public-label">在企业主页公开联系电话</span>
        <Switch
          aria-labelledby="phone-public-label"
          checked={settings.phonePublic}
          loading={isBusy}
          onChange={handleChange}
        />
      </div>
      <p className="company__tip">关闭后，访客在企业主页上看不到企业认证时填写的联系电话。</p>
    </Card>
  );
}
