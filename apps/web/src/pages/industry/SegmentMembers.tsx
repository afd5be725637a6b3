import type { IndustryMember, IndustrySegment } from '@liaison/protocol';
import { Empty, Skeleton } from 'antd';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { fetchSegmentMembers } from '../../api/company';
import { ListFailed } from '../../common/ListFailed';
import { abilityPath, companyPath } from '../../common/paths';
import { usePagedList } from '../../common/use-paged-list';
import { formatDate } from '../common/format-date';
import { ListPager } from '../common/ListPager';

export const MEMBERS_PAGE_SIZE = 10;

interface SegmentMembersProps {
  segment: IndustrySegment;
  pageNum: number;
  onPage: (pageNum: number) => void;
  /** The heading, focused when a person picks the segment (a screen reader reads where they are). */
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The approved enterprises of one segment, each linking to its company page and its newest
 * abilities; an enterprise with more links to its company page, which lists them all.
 */
export function SegmentMembers({ segment, pageNum, onPage, headingRef }: SegmentMembersProps) {
  const list = usePagedList(
    (query: { segmentId: string; pageNum: number }) =>
      fetchSegmentMembers(query.segmentId, query.pageNum, MEMBERS_PAGE_SIZE),
    { segmentId: segment.id, pageNum },
  );
  return (
    <section className="chain-members" aria-labelledby="chain-members-title">
      <h2 id="chain-members-title" className="chain-members__title" ref={headingRef} tabIndex={-1}>
        “{segment.name}”环节的企业
      </h2>
      {list.hasFailed ? (
        <ListFailed title="企业列表加载失败" onRetry={() => void list.reload()} />
      ) : list.isLoading && list.rows.length === 0 ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.rows.length === 0 ? (
        <Empty description="该环节还没有企业加入" />
      ) : (
        <ul className="chain-members__list" aria-label={`${segment.name}环节的企业`} aria-busy={list.isLoading}>
          {list.rows.map((member) => (
            <li key={member.userId} className="chain-members__item">
              <Link className="chain-members__name" to={companyPath(member.userId)}>
                {member.enterpriseName}
              </Link>
              <span className="chain-members__joined">加入时间：{formatDate(member.joinedAt)}</span>
              <MemberAbilities member={member} />
            </li>
          ))}
        </ul>
      )}
      {list.total > MEMBERS_PAGE_SIZE && (
        <ListPager current={pageNum} pageSize={MEMBERS_PAGE_SIZE} total={list.total} onChange={onPage} unit="家企业" />
      )}
    </section>
  );
}

function MemberAbilities({ member }: { member: IndustryMember }) {
  if (member.abilities.length === 0) return <div className="chain-members__abilities">暂无已发布的能力</div>;
  return (
    <ul className="chain-members__abilities" aria-label="该企业的能力">
      {member.abilities.map((ability) => (
        <li key={ability.id}>
          <Link to={abilityPath(ability.id)}>{ability.productName}</Link>
        </li>
      ))}
      {member.abilityCount > member.abilities.length && (
        <li>
          <Link
            to={companyPath(member.userId)}
            aria-label={`查看${member.enterpriseName}的全部${member.abilityCount}项能力`}
          >
            查看全部 {member.abilityCount} 项能力
          </Link>
        </li>
      )}
    </ul>
  );
}
