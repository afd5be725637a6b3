import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canSubmitEvaluation, DEFAULT_SCORE, EVALUATION_STARS, nextScore } from './evaluation';
import { ToolbarPopup } from './ToolbarPopup';

export interface EvaluationDialogProps {
  onSubmit(score: number, comment: string): void;
  onClose(): void;
}

/**
 * The service evaluation (spec chat.md §4 "Evaluation"): five stars, all selected at first; a
 * comment; submit needs a star or a comment. State starts afresh each time it opens.
 */
export function EvaluationDialog({ onSubmit, onClose }: EvaluationDialogProps) {
  const { t } = useTranslation('chat');
  const commentID = useId();
  const [score, setScore] = useState(DEFAULT_SCORE);
  const [comment, setComment] = useState('');
  const canSubmit = canSubmitEvaluation(score, comment);

  return (
    <ToolbarPopup label={t('evaluationTitle')} onClose={onClose} className="lc-evaluation">
      <p className="lc-evaluation__title">{t('evaluationTitle')}</p>
      <div className="lc-evaluation__stars">
        {Array.from({ length: EVALUATION_STARS }, (_, index) => {
          const isOn = index < score;
          return (
            <button
              // The stars never move: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of five
              key={index}
              type="button"
              className={`lc-evaluation__star${isOn ? ' lc-evaluation__star--on' : ''}`}
              aria-label={t('evaluationStar', { count: index + 1 })}
              aria-pressed={index + 1 === score}
              onClick={() => setScore((current) => nextScore(current, index))}
            >
              ★
            </button>
          );
        })}
      </div>
      <label className="lc-evaluation__label" htmlFor={commentID}>
        {t('evaluationComment')}
      </label>
      <textarea
        id={commentID}
        className="lc-evaluation__comment"
        rows={3}
        maxLength={500}
        placeholder={t('evaluationCommentPlaceholder')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className="lc-evaluation__actions">
        <button type="button" className="lc-composer__secondary" onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="lc-composer__send"
          disabled={!canSubmit}
          onClick={() => {
            onSubmit(score, comment);
            onClose();
          }}
        >
          {t('evaluationSubmit')}
        </button>
      </div>
    </ToolbarPopup>
  );
}
