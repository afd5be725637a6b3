import { Descriptions, type DescriptionsProps } from 'antd';
import { useIsPhone } from '../../common/use-is-phone';

const LABEL_STYLE = { label: { whiteSpace: 'nowrap' } } as const;

/**
 * One record's fields in a drawer, a row each: the label beside its value on one line, or above
 * it on a phone, where a label column would leave the value no room.
 */
export function DetailList({ items }: { items: NonNullable<DescriptionsProps['items']> }) {
  const isPhone = useIsPhone();
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      layout={isPhone ? 'vertical' : 'horizontal'}
      styles={LABEL_STYLE}
      items={items}
    />
  );
}
