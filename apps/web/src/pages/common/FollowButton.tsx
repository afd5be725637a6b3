import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { hasFollowed } from '../../api/catalogue';
import { followEnterprise, unfollowEnterprise } from '../../api/cooperation';
import { feedback } from '../../base/feedback';
import { useSession } from '../../session/session-store';
import { ensureLoggedIn } from './require-login';
import { useServerFlag } from './use-server-flag';

interface FollowButtonProps {
  /** The enterprise's user id. */
  userId: string;
  /** After a follow (true) or an unfollow (false), e.g. to count the followers again. */
  onChange?: (isFollowing: boolean) => void;
}

/** Follow or unfollow an enterprise; a visitor is asked to log in first. */
export function FollowButton({ userId, onChange }: FollowButtonProps) {
  const loginStatus = useSession((state) => state.loginStatus);
  const [isFollowing, setFollowing] = useServerFlag(`follow:${userId}`, loginStatus, () => hasFollowed(userId));
  const [isBusy, setBusy] = useState(false);

  async function handleClick() {
    if (!ensureLoggedIn()) return;
    setBusy(true);
    try {
      const answer = isFollowing ? await unfollowEnterprise(userId) : await followEnterprise(userId);
      setFollowing(answer.data);
      feedback.message.success(answer.msg);
      onChange?.(answer.data);
    } catch {
      // The request layer showed the server's reason.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      icon={isFollowing ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      aria-pressed={isFollowing === true}
      loading={isBusy || (loginStatus && isFollowing === null)}
      onClick={handleClick}
    >
      {isFollowing ? '已关注' : '关注企业'}
    </Button>
  );
}
