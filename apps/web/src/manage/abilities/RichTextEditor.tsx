import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { ABILITY_IMAGE_EXTENSIONS, ABILITY_LIMITS } from '@liaison/protocol';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { fileUrl, uploadFile } from '../../api/upload';
import { feedback } from '../../base/feedback';
import { IMAGE_TEXT } from './ability-text';

interface RichTextEditorProps {
  /** HTML; read once, when the editor is made (the form mounts it per ability). */
  value?: string;
  onChange?: (html: string) => void;
  /** The editable area's accessible name. */
  label: string;
}

/**
 * The description editor: headings, emphasis, lists, quotes, links typed or pasted, and pictures
 * uploaded through `common/upload`. The server keeps only its allow-list of this markup.
 */
export function RichTextEditor({ value = '', onChange, label }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] } }), Image],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <div className="rich-text">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} className="rich-text__content" />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="rich-text__toolbar" role="toolbar" aria-label="格式">
      <Tool label="二级标题 H2" isActive={active.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </Tool>
      <Tool label="三级标题 H3" isActive={active.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool label="加粗" isActive={active.bold} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined aria-hidden />
      </Tool>
      <Tool label="斜体" isActive={active.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined aria-hidden />
      </Tool>
      <Tool label="下划线" isActive={active.underline} onClick={() => chain().toggleUnderline().run()}>
        <UnderlineOutlined aria-hidden />
      </Tool>
      <Tool label="删除线" isActive={active.strike} onClick={() => chain().toggleStrike().run()}>
        <StrikethroughOutlined aria-hidden />
      </Tool>
      <Tool label="无序列表" isActive={active.bullet} onClick={() => chain().toggleBulletList().run()}>
        <UnorderedListOutlined aria-hidden />
      </Tool>
      <Tool label="有序列表" isActive={active.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <OrderedListOutlined aria-hidden />
      </Tool>
      <Tool label="引用" isActive={active.quote} onClick={() => chain().toggleBlockquote().run()}>
        “ ”
      </Tool>
      <ImageButton editor={editor} />
    </div>
  );
}

function Tool(props: { label: string; isActive: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={props.label}>
      <Button
        type={props.isActive ? 'primary' : 'text'}
        size="small"
        aria-label={props.label}
        aria-pressed={props.isActive}
        onClick={props.onClick}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}

/** Checks, uploads and inserts a picture at the cursor (spec portal.md §5 "Rich-text editor"). */
function ImageButton({ editor }: { editor: Editor }) {
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);

  async function handleFile(file: File) {
    const problem = imageProblem(file);
    if (problem) {
      feedback.message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const { fileName } = await uploadFile(file, 'public');
      const inserted = editor
        .chain()
        .focus()
        .setImage({ src: fileUrl(fileName), alt: file.name })
        .run();
      if (!inserted) feedback.message.error(IMAGE_TEXT.insertFailed);
    } catch {
      feedback.message.error(IMAGE_TEXT.insertFailed);
    } finally {
      setUploading(false);
    }
  }

  return (
    <>
      <Tooltip title="插入图片">
        <Button
          type="text"
          size="small"
          aria-label="插入图片"
          loading={isUploading}
          icon={<PictureOutlined aria-hidden />}
          onClick={() => input.current?.click()}
        />
      </Tooltip>
      <input
        ref={input}
        type="file"
        // antd's form styles show file inputs (display: block) over a class or the hidden attribute.
        style={{ display: 'none' }}
        data-testid="editor-image-input"
        accept={ABILITY_IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void handleFile(file);
        }}
      />
    </>
  );
}

export function imageProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (!(ABILITY_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return IMAGE_TEXT.badFormat;
  if (file.size > ABILITY_LIMITS.fileBytes) return IMAGE_TEXT.tooLarge;
  return null;
}
