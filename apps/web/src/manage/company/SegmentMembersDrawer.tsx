import type { IndustrySegment } from '@liaison/protocol';
import { formatTime } from '../../common/format-time';
import { MembersDrawer, SegmentMemberList } from '../common/MembersDrawer';

/** The approved enterprises placed in one segment, paged. */
export function SegmentMembersDrawer({ segment, onClose }: { segment: IndustrySegment | null; onClose: () => void }) {
  return (
    <MembersDrawer title={segment && `“${segment.name}”环节的企业`} onClose={onClose}>
      {segment && (
        <SegmentMemberList segmentId={segment.id} describe={(member) => `加入于 ${formatTime(member.joinedAt)}`} />
      )}
    </MembersDrawer>
  );
}
