/** Changes of the WebSocket API's AsyncAPI document (api-smart-diff knows AsyncAPI 2 only). */
import type {ClassifiedChange} from './index';
import type {SpecDocument} from './snapshots';

export function compareAsyncApi(_base: SpecDocument | undefined, _head: SpecDocument | undefined): ClassifiedChange[] {
  return [];
}
