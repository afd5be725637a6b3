import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPart, lazyComponent, lazyModule } from '../../common/lazy-part';
import { enabledItems } from '../../core/features';
import { useKit } from '../../core/kit-context';
import { toolbarRegistry } from '../message/registries';
import { IMAGE_ACCEPT, VIDEO_ACCEPT } from './attachments';
import type { ComposerSender } from './composer-send';
import { FilePickerButton } from './FilePickerButton';
import { ToolbarIcon } from './icons';

const popups = lazyModule(() => import('./toolbar-popups'));
const EmojiPicker = lazyComponent(popups, (loaded) => loaded.EmojiPicker);
const EvaluationDialog = lazyComponent(popups, (loaded) => loaded.EvaluationDialog);
const QuickReplies = lazyComponent(popups, (loaded) => loaded.QuickReplies);
/** The recorder: fetched with the editor (preloadComposer); a still button of its size stands in till then. */
export const voiceButton = lazyModule(() => import('./VoiceButton'));
const VoiceButton = lazyComponent(voiceButton, (loaded) => loaded.VoiceButton);

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
  const { features, isH5 } = useKit();
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
      {features.InputVoice && (
        <LazyPart fallback={<VoiceButtonStandIn isH5={isH5} />}>
          <VoiceButton onRecorded={sender.audio} onError={onError} />
        </LazyPart>
      )}
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
      {/* The popups open on a click: nothing shows while they load. */}
      {popup && (
        <LazyPart isFloating onClose={close}>
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
        </LazyPart>
      )}
    </div>
  );
}

/** The voice button's look while its code loads: the same size and icon, not yet a button. */
function VoiceButtonStandIn({ isH5 }: { isH5: boolean }) {
  return (
    <span className={`lc-icon-button lc-icon-button--stand-in${isH5 ? ' lc-voice__hold' : ''}`} aria-hidden="true">
      <ToolbarIcon name="voice" />
    </span>
  );
}
