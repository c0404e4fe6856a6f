import { msg } from '@lingui/core/macro';
import { Placeholder } from './Placeholder';

// Lazy screen "cloudscreen-ds" (core.md §2): the deson cloud screen, also in its raw variant.
export default function CloudScreenDesonScreen({ raw = false }: { readonly raw?: boolean }) {
  return <Placeholder title={raw ? msg`德尚云屏（原始）` : msg`德尚云屏`} />;
}
