import { CONTENT_LIMITS } from '@liaison/protocol';
import { Form, Input } from 'antd';
import { fileUrl } from '../../../api/upload';
import type { Editing } from '../../common/ContentList';
import { counted, maxText } from '../../common/content-fields';

/** A stored picture's thumbnail, or a blank of its size when there is none: a cover (16:9), or a person's picture (`isAvatar`: square and round, so a face is not cropped). */
export function Thumb({ fileName, alt, isAvatar = false }: { fileName: string; alt: string; isAvatar?: boolean }) {
  const className = isAvatar ? 'content__thumb platform-content__avatar' : 'content__thumb';
  if (fileName === '') return <span className={`${className} platform-content__no-picture`} aria-hidden />;
  return <img className={className} src={fileUrl(fileName)} alt={alt} />;
}

/** The short summary and the longer introduction (集群介绍, 专家介绍) a public page shows. */
export function SummaryFields({ introduction }: { introduction: string }) {
  const L = CONTENT_LIMITS;
  return (
    <>
      <Form.Item name="summary" label="简介" rules={maxText('简介', L.summary)}>
        <Input.TextArea rows={2} count={counted(L.summary)} />
      </Form.Item>
      <Form.Item name="introduction" label={introduction} rules={maxText(introduction, L.introduction)}>
        <Input.TextArea rows={4} count={counted(L.introduction)} />
      </Form.Item>
    </>
  );
}

/** Reads a record in full, then opens its dialog. A failed read needs nothing: the request layer showed why. */
export async function editAfterReading<T>(
  read: Promise<{ data: T }>,
  open: (editing: Editing<T>) => void,
): Promise<void> {
  try {
    open({ mode: 'edit', record: (await read).data });
  } catch {
    // The request layer showed the server's reason.
  }
}
