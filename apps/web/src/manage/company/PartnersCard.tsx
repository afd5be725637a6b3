import { PlusOutlined } from '@ant-design/icons';
import { COMPANY_LIMITS, type Partner, type PartnerCreate } from '@liaison/protocol';
import { Avatar, Button, Card, Form, Input, List } from 'antd';
import { useMemo, useState } from 'react';
import { addPartner, deletePartner, fetchPartners } from '../../api/company';
import { fileUrl } from '../../api/upload';
import { feedback } from '../../base/feedback';
import { usePagedList } from '../../common/use-paged-list';
import { CompactPagedList } from '../common/CompactPagedList';
import { ConfirmButton } from '../common/ConfirmButton';
import { ImageField } from '../common/ImageField';

const PAGE_SIZE = 8;
const fetchPage = ({ pageNum, pageSize }: { pageNum: number; pageSize: number }) => fetchPartners(pageNum, pageSize);

/** The partners shown on the company page: listed, added with a logo, deleted. */
export function PartnersCard() {
  const [pageNum, setPageNum] = useState(1);
  const query = useMemo(() => ({ pageNum, pageSize: PAGE_SIZE }), [pageNum]);
  const list = usePagedList(fetchPage, query);
  const [form] = Form.useForm<PartnerCreate>();
  const [isAdding, setAdding] = useState(false);

  async function handleAdd(values: PartnerCreate) {
    setAdding(true);
    try {
      await addPartner({ name: values.name.trim(), logo: values.logo ?? '' });
      feedback.message.success('合作伙伴已添加');
      form.resetFields();
      if (pageNum === 1) await list.reload();
      else setPageNum(1);
    } catch {
      // The request layer has shown the reason.
    } finally {
      setAdding(false);
    }
  }

  async function handleDelete(partner: Partner) {
    try {
      await deletePartner(partner.id);
      feedback.message.success('合作伙伴已删除');
      if (list.rows.length === 1 && pageNum > 1) setPageNum(pageNum - 1);
      else await list.reload();
    } catch {
      // The request layer has shown the reason.
    }
  }

  return (
    <Card title="合作伙伴" extra={`共 ${list.total} 个，最多 ${COMPANY_LIMITS.partners} 个`} className="company__card">
      <Form form={form} layout="vertical" onFinish={handleAdd} className="company__partner-form">
        <Form.Item
          name="name"
          label="合作伙伴名称"
          rules={[
            { required: true, whitespace: true, message: '请输入合作伙伴名称' },
            { max: COMPANY_LIMITS.partnerName, message: `合作伙伴名称不能超过${COMPANY_LIMITS.partnerName}个字符` },
          ]}
        >
          <Input maxLength={COMPANY_LIMITS.partnerName} placeholder="例如：宁波舟山港集团" />
        </Form.Item>
        <Form.Item name="logo" label="标志（可选）">
          <ImageField label="标志" previewClassName="company__logo-preview" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined aria-hidden />} loading={isAdding}>
          添加合作伙伴
        </Button>
      </Form>
      <CompactPagedList
        className="company__partners"
        list={list}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        rowKey="id"
        emptyText="还没有合作伙伴"
        failedText="合作伙伴加载失败"
        renderItem={(partner) => (
          <List.Item
            actions={[
              <ConfirmButton
                key="delete"
                type="link"
                danger
                aria-label={`删除${partner.name}`}
                question={`删除合作伙伴“${partner.name}”？`}
                okText="删除"
                isDangerous
                onConfirm={() => handleDelete(partner)}
              >
                删除
              </ConfirmButton>,
            ]}
          >
            <List.Item.Meta
              avatar={
                <Avatar shape="square" size={40} src={partner.logo ? fileUrl(partner.logo) : undefined}>
                  {partner.name.slice(0, 1)}
                </Avatar>
              }
              title={partner.name}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
