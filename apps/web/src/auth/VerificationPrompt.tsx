import { Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionStore, useSession } from '../session/session-store';
import { ENTERPRISE_AUTH_PATH, PERSON_AUTH_PATH, type VerificationPrompt as PromptKind } from './guards';
import { promptToShow } from './prompts';

/** Long enough for a closing modal to finish leaving before the prompt comes (antd's motion: 0.3 s). */
const GAP_MS = 400;

const PROMPTS = {
  'real-name': {
    title: '实名认证',
    content: '您还未完成实名认证，完成后即可使用更多平台功能。是否前往认证？',
    to: PERSON_AUTH_PATH,
  },
  enterprise: {
    title: '企业认证',
    content: '您还未完成企业认证，完成后即可发布能力、接收合作消息。是否前往认证？',
    to: ENTERPRISE_AUTH_PATH,
  },
} as const;

/**
 * Spec §4: a logged-in user who still has a verification step to take is asked to take it, once
 * per login: 暂不 (or closing) and 去认证 both answer it, in every tab.
 */
export function VerificationPrompt() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const prompt = useSession((state) =>
    promptToShow({
      viewer: state,
      answered: state.answeredPrompts,
      isOtherModalOpen: state.loginModal.open || state.betaModalOpen,
      path: pathname,
    }),
  );
  const isShown = useAfterGap(prompt !== null);
  // The closing modal keeps its text while it fades out.
  const shown = useRef<PromptKind>('real-name');
  if (prompt) shown.current = prompt;
  const { title, content, to } = PROMPTS[shown.current];

  function answer() {
    const { answeredPrompts } = sessionStore.getState();
    sessionStore.update({ answeredPrompts: [...answeredPrompts, shown.current] });
  }

  function handleGo() {
    answer();
    navigate(to);
  }

  return (
    <Modal
      open={isShown && prompt !== null}
      title={title}
      okText="去认证"
      cancelText="暂不"
      onOk={handleGo}
      onCancel={answer}
    >
      {content}
    </Modal>
  );
}

/** True once `isWanted` has held for GAP_MS: the prompt never shows over a modal still leaving. */
function useAfterGap(isWanted: boolean): boolean {
  const [isDue, setDue] = useState(false);
  useEffect(() => {
    if (!isWanted) {
      setDue(false);
      return;
    }
    const timer = setTimeout(() => setDue(true), GAP_MS);
    return () => clearTimeout(timer);
  }, [isWanted]);
  return isWanted && isDue;
}
