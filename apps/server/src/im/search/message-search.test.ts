import { startServer } from '../../integration/harness';
import { describeMessageSearch } from '../../integration/message-search-spec';

describeMessageSearch(() => startServer());
