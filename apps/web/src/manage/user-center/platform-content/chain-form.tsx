import { ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AdminIndustryChain,
  INDUSTRY_LIMITS,
  INDUSTRY_STAGES,
  type IndustryChainForm,
  type IndustryStage,
} from '@liaison/protocol';
import { Button, Form, type FormInstance, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { requiredText } from '../../common/content-fields';

const L = INDUSTRY_LIMITS;

/** A segment row of the dialog; `memberCount` only says what deleting it would take away. */
interface SegmentRow {
  id: string | null;
  name: string;
  memberCount: number;
}

/** The dialog's values: the segments as one list per stage, in the order shown. */
export interface ChainFormValues {
  name: string;
  description: string;
  sortOrder: number;
  stages: SegmentRow[][];
}

export function emptyChainForm(record: AdminIndustryChain | null): ChainFormValues {
  return {
    name: record?.name ?? '',
    description: record?.description ?? '',
    sortOrder: record?.sortOrder ?? 0,
    stages: INDUSTRY_STAGES.map(({ stage }) =>
      (record?.segments ?? [])
        .filter((s) => s.stage === stage)
        .map((s) => ({ id: s.id, name: s.name, memberCount: s.memberCount })),
    ),
  };
}

/** The body the server takes: trimmed, the segments upstream to downstream. */
export function chainFormOf(values: ChainFormValues): IndustryChainForm {
  return {
    name: values.name.trim(),
    description: (values.description ?? '').trim(),
    sortOrder: values.sortOrder,
    segments: INDUSTRY_STAGES.flatMap(({ stage }) =>
      (values.stages?.[stage] ?? []).map((s) => ({ id: s.id ?? null, stage, name: (s.name ?? '').trim() })),
    ),
  };
}

/** 上游, 中游 and 下游 segments: added, renamed, moved up within the stage, removed. */
export function SegmentFields({ form }: { form: FormInstance<ChainFormValues> }) {
  const stages = Form.useWatch('stages', form) ?? [];
  const total = stages.reduce((sum, list) => sum + (list?.length ?? 0), 0);
  const uniqueName: Rule = {
    validator: (_, value: string | undefined) => {
      // Read at validation time: the watched list lags a keystroke behind.
      const all: (SegmentRow | undefined)[][] = form.getFieldValue('stages') ?? [];
      const name = (value ?? '').trim();
      const same = all.flat().filter((s) => (s?.name ?? '').trim() === name).length;
      return name !== '' && same > 1 ? Promise.reject(new Error('同一产业链的环节名称不能重复')) : Promise.resolve();
    },
  };
  return (
    <div className="chain-form__stages">
      <p className="chain-form__hint">
        每个环节最多{L.segmentName}个字，全链最多{L.segments}个；删除环节会同时移出其中的企业。
      </p>
      {INDUSTRY_STAGES.map(({ stage, label }) => (
        <fieldset key={stage} className="chain-form__stage">
          <legend>{label}</legend>
          <StageList stage={stage} label={label} isFull={total >= L.segments} nameRules={[uniqueName]} />
        </fieldset>
      ))}
    </div>
  );
}

function StageList({
  stage,
  label,
  isFull,
  nameRules,
}: {
  stage: IndustryStage;
  label: string;
  isFull: boolean;
  nameRules: Rule[];
}) {
  return (
    <Form.List name={['stages', stage]}>
      {(fields, { add, remove, move }) => (
        <>
          {fields.length === 0 && <p className="chain-form__empty">暂无{label}环节</p>}
          {fields.map((field, index) => (
            <div key={field.key} className="chain-form__segment">
              {/* Registered so the save sends it: a saved segment keeps its ID, and with it its enterprises. */}
              <Form.Item name={[field.name, 'id']} hidden>
                <Input />
              </Form.Item>
              <Form.Item
                name={[field.name, 'name']}
                label={`${label}环节${index + 1}`}
                rules={[...requiredText('环节名称', L.segmentName), ...nameRules]}
                extra={<MemberNote stage={stage} index={field.name} />}
              >
                <Input />
              </Form.Item>
              <Button
                type="text"
                icon={<ArrowUpOutlined aria-hidden />}
                aria-label={`上移${label}环节${index + 1}`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`删除${label}环节${index + 1}`}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            disabled={isFull}
            onClick={() => add({ id: null, name: '', memberCount: 0 })}
          >
            添加{label}环节
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** How many enterprises a saved segment holds, so the admin knows what deleting it removes. */
function MemberNote({ stage, index }: { stage: IndustryStage; index: number }) {
  // No field edits the count, so it is watched as a kept value rather than a registered field.
  const count = Form.useWatch(['stages', stage, index, 'memberCount'], { preserve: true }) as number | undefined;
  return count ? `已有 ${count} 家企业` : null;
}
