import { setMenuReactions } from '../actions/menu-reactions';
import { ReactionPicker } from './ReactionPicker';

/**
 * The reactions feature (issue 11): the bar under each bubble, and the picker that fills the
 * message menu's reaction slot (registered here, when the message row first loads this module).
 */
setMenuReactions(ReactionPicker);

export { ReactionBar } from './ReactionBar';
export { ReactionPicker } from './ReactionPicker';
