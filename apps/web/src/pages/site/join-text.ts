import { OPERATOR } from './operator';

export interface OpenPosition {
  title: string;
  team: string;
  location: string;
  duties: readonly string[];
  requirements: readonly string[];
}

/** 加入我们: the operator's open positions. */
export const JOIN_TEXT = {
  title: '加入我们',
  intro: `${OPERATOR.siteName}致力于让产业链上下游企业更快地找到彼此。我们正在寻找认同这一目标的伙伴。`,
  howToApply: `请将简历发送至 ${OPERATOR.jobsEmail}，邮件标题注明“应聘岗位—姓名”。我们会在五个工作日内回复合适的候选人。`,
  jobsEmail: OPERATOR.jobsEmail,
  positions: [
    {
      title: '产业运营经理',
      team: '撮合运营部',
      location: '苏州',
      duties: [
        '走访园区与重点企业，梳理产业链上下游环节和企业能力；',
        '跟进平台上的需求发布与合作申请，促成企业之间的对接；',
        '策划线上线下对接活动，维护企业集群和专家资源。',
      ],
      requirements: [
        '本科及以上学历，三年以上产业服务、招商或大客户运营经验；',
        '熟悉制造业或供应链业务，沟通能力强，能适应出差。',
      ],
    },
    {
      title: '前端开发工程师',
      team: '产品技术部',
      location: '苏州 / 远程',
      duties: ['负责门户与管理中心的页面开发，保证手机和电脑上都好用；', '参与即时通讯组件的体验优化和无障碍改进。'],
      requirements: ['熟悉 TypeScript、React 及组件化开发；', '重视代码质量，有编写自动化测试的习惯。'],
    },
    {
      title: '内容编辑',
      team: '市场部',
      location: '苏州',
      duties: ['采写行业资讯和新品发布稿件，审核企业提交的内容；', '维护专家库资料，整理平台运营数据报告。'],
      requirements: ['中文、新闻或相关专业，文字功底扎实；', '对制造业、新能源或供应链领域有兴趣者优先。'],
    },
  ] satisfies readonly OpenPosition[],
} as const;
