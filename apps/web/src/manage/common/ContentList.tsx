import { PlusOutlined } from '@ant-design/icons';
import { Button, type FormInstance, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Page, PageQuery } from '../../api/page';
import { feedback } from '../../base/feedback';
import { AdminPagedList } from '../../common/PagedList';
import { ConfirmButton } from './ConfirmButton';
import { FilterBar } from './FilterBar';
import { FormModal } from './FormModal';
import { runAction } from './run-action';
import { SearchBox } from './SearchBox';
import { type OverlayControl, useOverlay } from './use-overlay';
import { usePagedQuery } from './use-paged-query';

/** What a dialog edits: a new record, or an existing one. */
export type Editing<T> = { mode: 'create' } | { mode: 'edit'; record: T };

/** What a content list hands its create/edit dialog. */
export interface EditorProps<T> {
  editing: Editing<T>;
  overlay: OverlayControl;
  onSaved: () => Promise<void>;
}

export interface ContentListProps<F extends object, Row extends { id: string }, Rec> {
  /** The filters the first page is fetched with (a fixed kind, say). */
  initialFilters: F;
  fetchPage: (query: F & PageQuery) => Promise<{ data: Page<Row> }>;
  /** The search box: its accessible name, placeholder and the filter its text goes into. */
  search: { label: string; placeholder: string; field: keyof F & string };
  /** More filters, before the search box. */
  filters?: (filter: (change: Partial<F>) => void) => ReactNode;
  /** The create button's text, 新增… */
  addLabel: string;
  /** The picture column (first) and the card's avatar. */
  thumb?: { title: string; render: (row: Row) => ReactNode };
  /** The table's columns between the picture and the status and action columns. */
  columns: ColumnsType<Row>;
  /** How a row reads as a card on a phone; the status switch and the actions are added. */
  card: (row: Row) => { title: ReactNode; description: ReactNode };
  /** An on/off switch per row (enabled, on the shelf), in its own column and beside the card's title. */
  statusSwitch?: StatusSwitch<Row>;
  /** How the delete question and the 查看 link name a row: 集群「…」. */
  what?: (row: Row) => string;
  /** The row's public page, opened by 查看 in a new tab. */
  publicPath?: (row: Row) => string;
  /** Opens the dialog on a row: at once, or after reading the record in full. */
  edit: (row: Row, open: (editing: Editing<Rec>) => void) => void;
  /** 删除, after a confirmation. */
  remove?: (row: Row) => Promise<{ msg: string }>;
  /** The create/edit dialog. */
  editor: (props: EditorProps<Rec>) => ReactNode;
  /** A drawer of the row's members, opened by a button after the row's actions; the list reloads when it closes. */
  members?: { label: string; drawer: (row: Row | null, onClose: () => void) => ReactNode };
  emptyText: string;
  failedText: string;
}

interface StatusSwitch<Row> {
  title: string;
  /** The switch's accessible name. */
  label: (row: Row) => string;
  isOn: (row: Row) => boolean;
  set: (row: Row, isOn: boolean) => Promise<{ msg: string }>;
  onText?: string;
  offText?: string;
}

/**
 * One admin content list: search (and other filters), paging, a create/edit dialog, delete after a
 * confirmation, a status switch and a member drawer, each screen giving its columns, fields, calls
 * and texts. A table on wide screens, cards on a phone.
 */
export function ContentList<F extends object, Row extends { id: string }, Rec>(props: ContentListProps<F, Row, Rec>) {
  const { search, thumb, statusSwitch, what = () => '', publicPath, remove, members } = props;
  const { filter, paged } = usePagedQuery<F, Row>(props.initialFilters, props.fetchPage);
  const editor = useOverlay<Editing<Rec>>();
  const [membersOf, setMembersOf] = useState<Row | null>(null);

  const actions = (row: Row) => [
    ...(publicPath
      ? [
          <Link
            key="view"
            to={publicPath(row)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`查看${what(row)}`}
          >
            查看
          </Link>,
        ]
      : []),
    <Button key="edit" type="link" onClick={() => props.edit(row, editor.open)}>
      编辑
    </Button>,
    ...(remove
      ? [
          <ConfirmButton
            key="delete"
            type="link"
            danger
            question={`删除${what(row)}？`}
            okText="删除"
            onConfirm={() => runAction(remove(row), paged.reload, '删除成功')}
          >
            删除
          </ConfirmButton>,
        ]
      : []),
    ...(members
      ? [
          <Button key="members" type="link" onClick={() => setMembersOf(row)}>
            {members.label}
          </Button>,
        ]
      : []),
  ];
  const toggle = (row: Row) =>
    statusSwitch && (
      <Switch
        checked={statusSwitch.isOn(row)}
        checkedChildren={statusSwitch.onText}
        unCheckedChildren={statusSwitch.offText}
        aria-label={statusSwitch.label(row)}
        onChange={(checked) => runAction(statusSwitch.set(row, checked), paged.reload)}
      />
    );

  const columns: ColumnsType<Row> = [
    ...(thumb ? [{ title: thumb.title, key: 'thumb', render: (_: unknown, row: Row) => thumb.render(row) }] : []),
    ...props.columns,
    ...(statusSwitch
      ? [{ title: statusSwitch.title, key: 'status', render: (_: unknown, row: Row) => toggle(row) }]
      : []),
    { title: '操作', key: 'actions', render: (_, row) => <Space size={0}>{actions(row)}</Space> },
  ];

  return (
    <>
      <FilterBar>
        {props.filters?.(filter)}
        <SearchBox
          label={search.label}
          placeholder={search.placeholder}
          // The field is one of F's optional texts; an empty search drops it.
          onSearch={(text) => filter({ [search.field]: text || undefined } as Partial<F>)}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => editor.open({ mode: 'create' })}>
          {props.addLabel}
        </Button>
      </FilterBar>
      <AdminPagedList
        {...paged}
        columns={columns}
        card={(row) => {
          const { title, description } = props.card(row);
          return {
            avatar: thumb?.render(row),
            title: statusSwitch ? (
              <Space wrap>
                {title}
                {toggle(row)}
              </Space>
            ) : (
              title
            ),
            description,
            actions: actions(row),
          };
        }}
        emptyText={props.emptyText}
        failedText={props.failedText}
      />
      {editor.subject && (
        <Fragment key={editor.key}>
          {props.editor({
            editing: editor.subject,
            overlay: editor,
            onSaved: async () => {
              editor.close();
              await paged.reload();
            },
          })}
        </Fragment>
      )}
      {members?.drawer(membersOf, () => {
        setMembersOf(null);
        void paged.reload();
      })}
    </>
  );
}

interface EditModalProps<F, T> extends EditorProps<T> {
  form: FormInstance<F>;
  /** What is edited: the dialog is 新增… or 编辑… */
  noun: string;
  initial: Partial<F>;
  save: (values: F) => Promise<{ msg: string }>;
  children: ReactNode;
}

/** A create or edit dialog: saves, says so, and the list reloads. */
export function EditModal<F extends object, T>({
  editing,
  form,
  noun,
  initial,
  save,
  overlay,
  onSaved,
  children,
}: EditModalProps<F, T>) {
  async function handleSubmit(values: F) {
    feedback.message.success((await save(values)).msg);
    await onSaved();
  }
  return (
    <FormModal
      isOpen={overlay.isOpen}
      title={`${editing.mode === 'edit' ? '编辑' : '新增'}${noun}`}
      form={form}
      initialValues={initial}
      onSubmit={handleSubmit}
      onCancel={overlay.close}
      afterClose={overlay.clear}
    >
      {children}
    </FormModal>
  );
}
