import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enabledItems } from '../../core/features';
import { useKit } from '../../core/kit-context';
import { toolbarRegistry } from '../message/registries';
import { IMAGE_ACCEPT, VIDEO_ACCEPT } from './attachments';
import type { ComposerSender } from './composer-send';
import { EmojiPicker } from './EmojiPicker';
import { EvaluationDialog } from './EvaluationDialog';
import { FilePickerButton } from './FilePickerButton';
import { ToolbarIcon } from './icons';
import { QuickReplies } from './QuickReplies';
import { VoiceButton } from './VoiceButton';

export interface ComposerToolbarProps {
  conversationID: string;
  sender: ComposerSender;
  /** Puts a basic emoji's tag into the text at the caret. */
  onInsertEmoji(key: string): void;
  onError(message: string): void;
  /** After the registered items: the chat window's buttons of other features (calls, search). */
  end?: ReactNode;
}

type Popup = 'emoji' | 'evaluation' | 'quickReplies';

/**
 * The composer's toolbar (spec chat.md §2 "Composer"): emoji, image, file, video, voice,
 * evaluation and quick replies, each behind its feature flag, then the host's registered items.
 * Every button is a real button with a label, so the toolbar works from the keyboard.
 */
export function ComposerToolbar({ conversationID, sender, onInsertEmoji, onError, end }: ComposerToolbarProps) {
  const { features } = useKit();
  const { t } = useTranslation('chat');
  const [popup, setPopup] = useState<Popup | null>(null);
  const toggle = (name: Popup) => setPopup((open) => (open === name ? null : name));
  const close = () => setPopup(null);

  const popupButton = (name: Popup, label: string, icon: 'emoji' | 'evaluation' | 'quickReplies') => (
    <button
      type="button"
      className="lc-icon-button"
      aria-label={label}
      title={label}
      aria-expanded={popup === name}
      aria-haspopup="dialog"
      data-popup-toggle=""
      onClick={() => toggle(name)}
    >
      <ToolbarIcon name={icon} />
    </button>
  );

  return (
    <div className="lc-composer__toolbar" role="toolbar" aria-label={t('toolbar')}>
      {features.InputEmoji && popupButton('emoji', t('emoji'), 'emoji')}
      {features.InputImage && (
        <FilePickerButton label={t('sendImage')} icon="image" accept={IMAGE_ACCEPT} onFiles={sender.files} />
      )}
      {features.InputFile && <FilePickerButton label={t('sendFile')} icon="file" accept="" onFiles={sender.files} />}
      {features.InputVideo && (
        <FilePickerButton label={t('sendVideo')} icon="video" accept={VIDEO_ACCEPT} onFiles={sender.files} />
      )}
      {features.InputVoice && <VoiceButton onRecorded={sender.audio} onError={onError} />}
      {features.InputEvaluation && popupButton('evaluation', t('evaluation'), 'evaluation')}
      {features.InputQuickReplies && popupButton('quickReplies', t('quickReplies'), 'quickReplies')}
      {enabledItems(toolbarRegistry, features).map((item) => (
        <button
          key={item.id}
          type="button"
          className="lc-icon-button"
          aria-label={item.label}
          onClick={() => item.onSelect({ conversationID })}
        >
          {item.icon}
        </button>
      ))}
      {end}
      {popup === 'emoji' && (
        <EmojiPicker
          onClose={close}
          onSelect={(key) => {
            close();
            onInsertEmoji(key);
          }}
          onFace={(index, data) => {
            close();
            void sender.face(index, data);
          }}
        />
      )}
      {popup === 'evaluation' && (
        <EvaluationDialog onClose={close} onSubmit={(score, comment) => void sender.evaluation(score, comment)} />
      )}
      {popup === 'quickReplies' && <QuickReplies onClose={close} onSend={(text) => void sender.text(text)} />}
    </div>
  );
}
