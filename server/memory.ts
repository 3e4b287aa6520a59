import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';

/**
 * libvips keeps up to 50 MB of finished operations for reuse. This server makes each image variant once and then
 * serves its bytes, so the cache held memory (after the sample content's images) without saving work.
 */
export function configureImageMemory(): void {
  sharp.cache(false);
}

/**
 * One full garbage collection. Start-up (migrations, the sample content, the first certificates) leaves tens of
 * megabytes of garbage in V8's heap, which stays resident until the next collection — and an idle server never
 * allocates enough to reach one. Called once after start (docs/decisions/020); `--expose-gc` is turned on here
 * rather than on the command line so that every way of starting the server does it.
 */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
