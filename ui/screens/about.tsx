import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Placeholder } from './Placeholder';

// Lazy screen "about" (core.md §2): its own chunk.
export default function AboutScreen() {
  return (
    <Placeholder title={msg`关于我们`}>
      <p className="coming-soon">
        <Trans>在浏览器中完成三维室内设计、户型绘制与全屋定制，一站式完成渲染、报价与下单。</Trans>
      </p>
    </Placeholder>
  );
}
