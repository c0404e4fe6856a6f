import { msg } from '@lingui/core/macro';
import { Placeholder } from './Placeholder';

// Lazy screen "personCenter" (core.md §2): its own chunk.
export default function PersonCenterScreen() {
  return <Placeholder title={msg`个人中心`} />;
}
