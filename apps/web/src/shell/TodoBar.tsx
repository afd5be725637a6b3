import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchTodo } from '../api/self-center';
import { useSession } from '../session/session-store';
import './todo-bar.css';

export function todoText(count: number): string {
  return `您有 ${count} 条新的合作消息`;
}

/** The cooperation inbox, where the waiting requests are answered. */
export const COOPERATION_INBOX = '/manageCenter/userCenter/cooperation';

/** Where the chat's composer is: the bar must never cover it there. */
const CHAT_PAGE = '/manageCenter/message';

/**
 * Spec §2: a floating reminder of unread cooperation requests; closable; opens the cooperation
 * inbox. The count is asked again on every page change, so answering a request lowers it. In the
 * message centre it docks at the top, in the management bar's free middle, so it never covers
 * the composer and its send button at the bottom (and hides behind a phone's full-screen chat,
 * see styles.css). On a phone it is a slim strip along the bottom edge with room kept for it
 * below the page (todo-bar.css), so it covers nothing at the end of any page.
 */
export function TodoBar() {
  const loginStatus = useSession((state) => state.loginStatus);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isDocked = pathname.startsWith(CHAT_PAGE);
  const [count, setCount] = useState(0);
  const [closed, setClosed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change is the moment to ask again
  useEffect(() => {
    if (!loginStatus) {
      setCount(0);
      return;
    }
    let current = true;
    fetchTodo().then(
      ({ data }) => {
        if (current) setCount(data.connectMeCount);
      },
      () => undefined, // The request layer has told the user; no reminder then.
    );
    return () => {
      current = false;
    };
  }, [loginStatus, pathname]);

  // On the inbox itself the reminder has nowhere else to lead, and would cover its paging.
  if (closed || count <= 0 || pathname.startsWith(COOPERATION_INBOX)) return null;
  return (
    <div className={isDocked ? 'todo-bar todo-bar--docked' : 'todo-bar'} role="status">
      <button type="button" className="todo-bar__open" onClick={() => navigate(COOPERATION_INBOX)}>
        <MessageOutlined aria-hidden />
        {todoText(count)}
      </button>
      <button type="button" className="todo-bar__close" aria-label="关闭提醒" onClick={() => setClosed(true)}>
        <CloseOutlined aria-hidden />
      </button>
    </div>
  );
}
