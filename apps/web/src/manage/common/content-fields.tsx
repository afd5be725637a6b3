import { Form, Input, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import { ImageField } from './ImageField';

/** A required text of at most `max` characters, refused past it as the server would. */
export function requiredText(label: string, max: number): Rule[] {
  return [{ required: true, whitespace: true, message: `请输入${label}` }, ...maxText(label, max)];
}

export function maxText(label: string, max: number): Rule[] {
  return [{ max, message: `${label}不能超过${max}个字符` }];
}

/**
 * The character count beside a field, red past `max`. The field is not cut at `max`: a pasted
 * over-long text stays visible and the form says what to shorten.
 */
export const counted = (max: number) => ({ show: true, max });

/** Text fields trimmed as the server stores them. */
export function trimmed<F extends object>(values: F): F {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as F;
}

/** A required line of text, cut at `max` characters as the server would refuse more. */
export function TextField({ name, label, max }: { name: string; label: string; max: number }) {
  return (
    <Form.Item name={name} label={label} rules={requiredText(label, max)}>
      <Input maxLength={max} />
    </Form.Item>
  );
}

/** Where a record stands in its list: 排序, the smaller first. */
export function SortOrderField({ max }: { max: number }) {
  return (
    <Form.Item name="sortOrder" label="排序（小的在前）" rules={[{ required: true, message: '请输入排序' }]}>
      <InputNumber min={0} max={max} precision={0} />
    </Form.Item>
  );
}

interface PictureFieldProps {
  name: string;
  /** The field's label, 广告图片. */
  label: string;
  /** The picture's own name, 图片. */
  picture: string;
  isRequired?: boolean;
}

/** An uploaded picture of a record (a cover, an avatar), previewed as the list shows it. */
export function PictureField({ name, label, picture, isRequired = false }: PictureFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={isRequired ? [{ required: true, message: `请上传${label}` }] : undefined}
    >
      <ImageField label={picture} previewClassName="content__preview" />
    </Form.Item>
  );
}
