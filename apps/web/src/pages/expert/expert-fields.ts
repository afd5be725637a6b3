/**
 * The fields the expert filter offers (the experts' `field` values the platform uses, as the demo
 * data has them); '' is every field. A field not listed here still shows on its experts' cards.
 */
export const EXPERT_FIELDS = [
  '智能制造',
  '新能源汽车',
  '工业设计',
  '检验检测',
  '仓储物流',
  '供应链管理',
  '供应链金融',
  '数字化服务',
] as const;
