import { OPERATOR } from './operator';

/** 联系我们: how to reach the operator, by subject. */
export const CONTACT_TEXT = {
  title: '联系我们',
  intro: `欢迎企业入驻、合作洽谈或反馈问题，${OPERATOR.siteName}运营团队会在一个工作日内回复。`,
  channels: [
    { label: '联系地址', value: `${OPERATOR.address}（邮编 ${OPERATOR.postcode}）` },
    { label: '服务电话', value: OPERATOR.phone, href: `tel:${OPERATOR.phone.replace(/\s/g, '')}` },
    { label: '服务时间', value: OPERATOR.hours },
    { label: '客服邮箱', value: OPERATOR.serviceEmail, href: `mailto:${OPERATOR.serviceEmail}` },
  ],
  topics: [
    {
      title: '企业入驻与认证',
      text: '注册账号后在管理中心完成实名认证和企业认证，审核通过即可发布能力、加入产业链环节。',
    },
    {
      title: '撮合与官方服务',
      text: '需要平台帮忙对接上下游资源，可在“撮合运营”页面申请官方服务，运营人员会电话联系您。',
      link: { to: '/matchOperations', label: '申请官方服务' },
    },
    {
      title: '投诉与举报',
      text: '发现违法违规、虚假或侵权信息，请在“举报中心”提交，我们会核实处理并保护举报人信息。',
      link: { to: '/report', label: '前往举报中心' },
    },
    {
      title: '媒体与商务合作',
      text: `活动合作、内容投稿及媒体采访，请发送邮件至 ${OPERATOR.serviceEmail}，注明来意和联系方式。`,
    },
  ],
} as const;
