import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Image } from '../../components/ui/image';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { uploadPhoto, useRegistryMutation } from './api';

const fail = (error: unknown) =>
  toast({
    title: 'Error',
    description: errorText(error, 'The photo could not be uploaded.'),
    variant: 'destructive',
  });

/** Choose a photo, see its preview, add a caption, upload (the server re-encodes it and strips EXIF). */
export function PhotoUpload({ instrumentId }: { instrumentId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!file) {
      // The input shows the file's name itself: empty it with the state.
      if (fileInput.current) fileInput.current.value = '';
      return setPreview(null);
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // The upload takes the file and caption chosen at submit. The form is cleared after the lists refresh, and only
  // where it still holds what was sent: a next photo chosen meanwhile is kept.
  const upload = useRegistryMutation(
    (sent: { file: File; caption: string }) => uploadPhoto(instrumentId, sent.file, sent.caption),
    {
      onSuccess: (_result, sent) => {
        setFile((current) => (current === sent.file ? null : current));
        setCaption((current) => (current === sent.caption ? '' : current));
        toast({ title: 'Photo added' });
      },
      onError: fail,
    },
  );
  return (
    <form
      className="grid gap-3 rounded-xl border border-dashed border-wood-300 bg-wood-50 p-4 sm:grid-cols-[auto_1fr]"
      onSubmit={(e) => {
        e.preventDefault();
        if (file) upload.mutate({ file, caption });
      }}
    >
      <div className="flex size-28 items-center justify-center overflow-hidden rounded-lg bg-white text-xs text-stone-500">
        {preview ? (
          <Image
            src={preview}
            alt="Preview of the chosen photo"
            width={112}
            height={112}
            sizes="112px"
            className="h-full w-full object-cover"
          />
        ) : (
          'No photo chosen'
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="photo-file">Photo (JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB)</Label>
        <input
          id="photo-file"
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
          className="text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Label htmlFor="photo-caption">Caption</Label>
        <Input
          id="photo-caption"
          value={caption}
          maxLength={300}
          onChange={(e) => setCaption(e.target.value)}
        />
        <Button type="submit" className="self-start" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload photo'}
        </Button>
      </div>
    </form>
  );
}
