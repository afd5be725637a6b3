/**
 * The toolbar's popups, fetched together the first time one of them opens (ComposerToolbar): the
 * emoji picker with its sticker tabs, the evaluation dialog and the quick replies.
 */
export { EmojiPicker } from './EmojiPicker';
export { EvaluationDialog } from './EvaluationDialog';
export { QuickReplies } from './QuickReplies';
