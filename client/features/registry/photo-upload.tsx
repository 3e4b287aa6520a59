import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { uploadPhoto, useRegistryMutation } from './api';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif'];
/** The server's limit per photo (server/media). */
const MAX_BYTES = 15 * 1024 * 1024;

interface Queued {
  key: string;
  file: File;
  preview: string;
  caption: string;
  /** Share of the bytes sent, 0–1, while uploading. */
  progress: number;
  state: 'ready' | 'uploading' | 'failed';
  error?: string;
}

let nextKey = 0;

/**
 * Choose or drop several photos, caption each, upload them one after another with a progress bar each (the server
 * re-encodes every photo and strips EXIF). A photo that fails stays in the list with the reason, to retry or
 * remove; the others go on.
 */
export function PhotoUpload({ instrumentId }: { instrumentId: string }) {
  const [queue, setQueue] = useState<Queued[]>([]);
  const [dragging, setDragging] = useState(false);
  /** Which photo of the running batch is on its way, for the button. */
  const [batch, setBatch] = useState({ at: 0, of: 0 });
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const patch = (key: string, change: Partial<Queued>) =>
    setQueue((q) => q.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const drop = (key: string) =>
    setQueue((q) => {
      const gone = q.find((item) => item.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.preview);
        previews.current.delete(gone.preview);
      }
      return q.filter((item) => item.key !== key);
    });

  const add = (files: Iterable<File>) => {
    const refused: string[] = [];
    const added: Queued[] = [];
    for (const file of files) {
      if (!ACCEPTED.includes(file.type))
        refused.push(`${file.name} is not a JPEG, PNG, WebP, HEIC or AVIF photo.`);
      else if (file.size > MAX_BYTES) refused.push(`${file.name} is larger than 15 MB.`);
      else {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        added.push({ key: `p${nextKey++}`, file, preview, caption: '', progress: 0, state: 'ready' });
      }
    }
    if (added.length) setQueue((q) => [...q, ...added]);
    if (refused.length) toast({ title: 'Not added', description: refused.join(' '), variant: 'destructive' });
    // The input shows the last choice's names itself: the list below is the one to read.
    if (fileInput.current) fileInput.current.value = '';
  };

  const upload = useRegistryMutation(
    async (items: Queued[]) => {
      let sent = 0;
      for (const [i, item] of items.entries()) {
        setBatch({ at: i + 1, of: items.length });
        patch(item.key, { state: 'uploading', progress: 0, error: undefined });
        try {
          await uploadPhoto(instrumentId, item.file, item.caption, (progress) =>
            patch(item.key, { progress }),
          );
          drop(item.key);
          sent++;
        } catch (error) {
          patch(item.key, { state: 'failed', error: errorText(error, 'The photo could not be uploaded.') });
        }
      }
      return { sent, failed: items.length - sent };
    },
    {
      // One toast at a time (TOAST_LIMIT): a batch with failures says so, with what did go.
      onSuccess: ({ sent, failed }) => {
        if (!failed) return toast({ title: sent === 1 ? 'Photo added' : `${sent} photos added` });
        const added = sent === 0 ? '' : sent === 1 ? 'One other was added. ' : `${sent} others were added. `;
        toast({
          title: failed === 1 ? 'One photo was not added' : `${failed} photos were not added`,
          description: `${added}The reason is shown beside each; try again or remove it.`,
          variant: 'destructive',
        });
      },
    },
  );
  const waiting = queue.filter((item) => item.state !== 'uploading');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <form
      className="grid gap-4 rounded-xl border border-dashed border-wood-300 bg-wood-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (waiting.length && !upload.isPending) upload.mutate(waiting);
      }}
    >
      <div
        className={cn(
          // min-w-0: a grid item may shrink below the file input's own width (it overflowed a 375 px screen).
          'flex min-w-0 flex-col items-center gap-2 rounded-lg border-2 border-dashed p-5 text-center text-sm text-stone-700',
          dragging ? 'border-wood-600 bg-white' : 'border-transparent',
        )}
        onDragOver={(event) => {
          if (![...event.dataTransfer.types].includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <ImagePlus className="size-8 text-wood-700" aria-hidden />
        <p>Drop photos here, or choose them:</p>
        <Label htmlFor="photo-files">Photos (JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB each)</Label>
        <input
          id="photo-files"
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPTED.join(',')}
          className="w-full max-w-full text-sm"
          onChange={(e) => add(e.target.files ?? [])}
        />
      </div>
      {queue.length > 0 && (
        <ul className="grid min-w-0 gap-3" aria-label="Photos to upload">
          {queue.map((item) => (
            <li
              key={item.key}
              className="grid grid-cols-[4rem_1fr_auto] items-start gap-3 rounded-lg bg-white p-2"
            >
              <img
                src={item.preview}
                alt={`Preview of ${item.file.name}`}
                width={64}
                height={64}
                className="size-16 rounded object-cover"
              />
              <div className="grid min-w-0 gap-1.5">
                <p className="truncate text-sm font-medium text-stone-900">{item.file.name}</p>
                <Label htmlFor={`caption-${item.key}`} className="sr-only">
                  Caption for {item.file.name}
                </Label>
                <Input
                  id={`caption-${item.key}`}
                  value={item.caption}
                  maxLength={300}
                  placeholder="Caption (optional)"
                  disabled={item.state === 'uploading'}
                  onChange={(e) => patch(item.key, { caption: e.target.value })}
                />
                {item.state === 'uploading' && (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${item.file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(item.progress * 100)}
                    className="h-2 overflow-hidden rounded-full bg-stone-200"
                  >
                    <div
                      className="h-full bg-wood-600 transition-all"
                      style={{ width: `${item.progress * 100}%` }}
                    />
                  </div>
                )}
                {item.error && (
                  <p role="alert" className="text-sm text-red-700">
                    {item.error}
                  </p>
                )}
              </div>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                disabled={item.state === 'uploading'}
                onClick={() => drop(item.key)}
                aria-label={`Remove ${item.file.name}`}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" className="justify-self-start" disabled={!waiting.length || upload.isPending}>
        {upload.isPending
          ? `Uploading ${batch.at} of ${batch.of}...`
          : waiting.length > 1
            ? `Upload ${waiting.length} photos`
            : 'Upload photo'}
      </Button>
    </form>
  );
}
