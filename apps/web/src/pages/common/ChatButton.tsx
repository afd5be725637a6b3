import { MessageOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { connectEnterprise } from '../../api/cooperation';
import { ensureCanOpen } from '../../auth/ensure-access';
import { MESSAGE_CENTER_PATH } from '../../auth/guards';
import { chatPath } from '../../common/paths';

interface ChatButtonProps {
  /** The enterprise (its user id) or one of its abilities. */
  target: { userId?: string; productId?: string };
  type?: ButtonProps['type'];
  onConnected?: () => void;
}

/**
 * 在线沟通: records the contact (`apply/cooperation/connect`, which refuses people without
 * real-name verification and one's own enterprise, with the reason) and opens the chat kit on
 * the C2C conversation with the enterprise. Someone the message centre would refuse is not sent
 * there: a visitor is asked to log in, a user without the beta (say one with only the AI
 * permission, who may see this page) gets the beta modal, and no contact is recorded.
 */
export function ChatButton({ target, type, onConnected }: ChatButtonProps) {
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);

  async function handleClick() {
    if (!ensureCanOpen(MESSAGE_CENTER_PATH)) return;
    setBusy(true);
    try {
      const answer = await connectEnterprise(target);
      onConnected?.();
      navigate(chatPath(answer.data.userID));
    } catch {
      // The request layer showed the server's reason.
      setBusy(false);
    }
  }

  return (
    <Button type={type} icon={<MessageOutlined aria-hidden />} loading={isBusy} onClick={handleClick}>
      在线沟通
    </Button>
  );
}
