import { OPERATOR } from './operator';

/** 举报中心: what the page says around the report form. */
export const REPORT_TEXT = {
  title: '举报中心',
  intro: '发现违法违规、虚假信息、侵权或骚扰诈骗等内容，请在此举报。我们会在三个工作日内核实处理，并对举报人信息保密。',
  rules: [
    '请尽量提供被举报内容的页面链接，便于我们快速定位；',
    `侵权举报请附上权属证明，也可发送至 ${OPERATOR.legalEmail}；`,
    '恶意举报或捏造事实的，平台将视情节限制账号使用。',
  ],
  successTitle: '举报已提交',
  successText: (id: string) => `举报编号：${id}。请保存编号，如需补充材料，可凭编号联系 ${OPERATOR.serviceEmail}。`,
} as const;
