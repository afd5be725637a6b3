import { Alert, Button, Descriptions, Form, Input, Result, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type EnterpriseForm,
  editEnterpriseMaterial,
  fetchEnterpriseMaterial,
  submitEnterpriseMaterial,
} from '../../api/supply-chain';
import type { EnterpriseMaterial } from '../../api/types';
import { PERSON_AUTH_PATH } from '../../auth/guards';
import { refreshPerson } from '../../auth/session-actions';
import { feedback } from '../../base/feedback';
import { useSession } from '../../session/session-store';
import { FileUpload } from './FileUpload';
import { useFileLink } from './useFileLink';

/** The business licence: a picture or a PDF, one file. */
const LICENSE_RULES = { fileTypes: ['jpg', 'jpeg', 'png', 'pdf'], limit: 1 };
/** The unified social credit code's shape; the server also checks its check character. */
const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; material: EnterpriseMaterial | null };

/** Enterprise verification: submit the material, follow its review, correct it when refused. */
export function EnterpriseAuthPage() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  const load = useCallback(async () => {
    setLoaded({ state: 'loading' });
    try {
      const { data } = await fetchEnterpriseMaterial();
      setLoaded({ state: 'ready', material: data });
    } catch {
      setLoaded({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="page">
      <h1 className="page__title">企业认证</h1>
      {loaded.state === 'loading' && <Spin />}
      {loaded.state === 'failed' && (
        <Result
          status="warning"
          title="企业认证资料加载失败"
          extra={
            <Button type="primary" onClick={load}>
              重新加载
            </Button>
          }
        />
      )}
      {loaded.state === 'ready' && <EnterpriseMaterialView material={loaded.material} onSubmitted={load} />}
    </section>
  );
}

function EnterpriseMaterialView({
  material,
  onSubmitted,
}: {
  material: EnterpriseMaterial | null;
  onSubmitted: () => Promise<void>;
}) {
  if (material?.status === 1) {
    return (
      <>
        <Alert type="success" showIcon title="企业认证已通过" />
        <Descriptions column={1} bordered className="page__details">
          <Descriptions.Item label="企业名称">{material.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{material.creditCode}</Descriptions.Item>
          <Descriptions.Item label="法定代表人">{material.legalPerson}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{material.contactPhone}</Descriptions.Item>
          <Descriptions.Item label="企业地址">{material.address}</Descriptions.Item>
          <Descriptions.Item label="营业执照">
            <LicenceLink material={material} />
          </Descriptions.Item>
        </Descriptions>
      </>
    );
  }
  return (
    <>
      {material?.status === 0 && <Alert type="info" showIcon title="企业认证资料已提交，正在审核中，请耐心等待" />}
      {material?.status === 2 && (
        <Alert
          type="error"
          showIcon
          title="企业认证未通过"
          description={`原因：${material.rejectReason || '未说明'}。请修改资料后重新提交。`}
        />
      )}
      <EnterpriseFormView material={material} onSubmitted={onSubmitted} />
    </>
  );
}

function EnterpriseFormView({
  material,
  onSubmitted,
}: {
  material: EnterpriseMaterial | null;
  onSubmitted: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const verified = useSession((state) => state.person?.realPersonAuthStatus === 1);
  const [submitting, setSubmitting] = useState(false);

  async function handleFinish(values: EnterpriseForm) {
    setSubmitting(true);
    try {
      // Material already under review or refused is replaced; the first submission creates it.
      const submit = material ? editEnterpriseMaterial : submitEnterpriseMaterial;
      const { msg } = await submit(trimmed(values));
      feedback.message.success(msg || '企业认证资料已提交，请等待审核');
      await Promise.all([onSubmitted(), refreshPerson()]);
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSubmitting(false);
    }
  }

  const required = (message: string) => ({ required: true, whitespace: true, message });
  return (
    <>
      {!verified && (
        <Alert
          type="warning"
          showIcon
          title="请先完成实名认证，再提交企业认证资料"
          action={
            <Button size="small" onClick={() => navigate(PERSON_AUTH_PATH)}>
              去实名认证
            </Button>
          }
        />
      )}
      <Form<EnterpriseForm>
        layout="vertical"
        className="page__form"
        initialValues={material ?? undefined}
        disabled={!verified}
        onFinish={handleFinish}
      >
        <Form.Item name="enterpriseName" label="企业名称" rules={[required('请输入企业名称')]}>
          <Input maxLength={100} placeholder="与营业执照一致的企业名称" />
        </Form.Item>
        <Form.Item
          name="creditCode"
          label="统一社会信用代码"
          rules={[
            required('请输入统一社会信用代码'),
            { pattern: CREDIT_CODE_PATTERN, message: '统一社会信用代码不正确' },
          ]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={18} placeholder="18位统一社会信用代码" />
        </Form.Item>
        <Form.Item name="legalPerson" label="法定代表人" rules={[required('请输入法定代表人')]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="contactPhone" label="联系电话" rules={[required('请输入联系电话')]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="address" label="企业地址" rules={[required('请输入企业地址')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="businessLicense"
          label="营业执照"
          rules={[{ required: true, message: '请上传营业执照' }]}
          getValueProps={(value: string | undefined) => ({ value: value ? [value] : [] })}
          normalize={(list: string[]) => list[0] ?? ''}
        >
          <FileUpload rules={LICENSE_RULES} label="上传营业执照" isPrivate names={licenceNames(material)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {material ? '修改并重新提交' : '提交认证'}
        </Button>
      </Form>
    </>
  );
}

/** The licence's name as uploaded (a reload knows only its stored name otherwise). */
function licenceNames(material: EnterpriseMaterial | null): Record<string, string> {
  return material?.businessLicenseName ? { [material.businessLicense]: material.businessLicenseName } : {};
}

/** The licence is private: the material carries a link signed for this viewer, renewed while shown. */
function LicenceLink({ material }: { material: EnterpriseMaterial }) {
  const renewed = useFileLink(material.businessLicense, true);
  const href = renewed ?? material.businessLicenseUrl;
  if (!href) return <span>营业执照</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer">
      查看营业执照
    </a>
  );
}

function trimmed(values: EnterpriseForm): EnterpriseForm {
  return {
    enterpriseName: values.enterpriseName.trim(),
    creditCode: values.creditCode.trim(),
    legalPerson: values.legalPerson.trim(),
    contactPhone: values.contactPhone.trim(),
    address: values.address.trim(),
    businessLicense: values.businessLicense,
  };
}
