import type { FormRule } from 'antd';

/** Rules the public forms share, worded as the server words the same checks. */

/** A text that must hold more than spaces. */
export function requiredText(message: string): FormRule {
  return { required: true, whitespace: true, message };
}

/** The server's length limit for a field, said with the field's name. */
export function maxChars(label: string, max: number): FormRule {
  return { max, message: `${label}不能超过${max}个字符` };
}

/** A mainland mobile number, as the server checks it. */
export const mobileRule: FormRule = { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' };
