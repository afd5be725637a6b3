import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../app/feedback';
import { ENTERPRISE_AUTH_PATH, isManageCenter, PERSON_AUTH_PATH, verificationPrompt } from './guards';
import { sessionStore } from './session-store';

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
 * Spec §4: once per page load, a logged-in user who still has a verification step to take is
 * asked to take it. The management centre leads there by itself, so it is not interrupted.
 */
export function VerificationPrompt() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const prompt = verificationPrompt(sessionStore.getState());
    if (!prompt || isManageCenter(pathname)) return;
    const { title, content, to } = PROMPTS[prompt];
    feedback.confirm({ title, content, okText: '去认证', cancelText: '暂不', onOk: () => navigate(to) });
  }, [pathname, navigate]);

  return null;
}
