import { startServer } from './harness';
import { describeMessageSearch } from './message-search-spec';

describeMessageSearch(() => startServer());
