import { File, FileImage, FileText, FileType, NotebookPen, Presentation, Video } from 'lucide-react';

/** The icon of a file's type on the upload page; a txt file the course lists stands for a video link (spec §2). */
export function FileKindIcon({ extension, video = false, className }: { extension: string; video?: boolean; className?: string }) {
  if (video) return <Video aria-hidden="true" className={className} />;
  switch (extension) {
    case 'pdf':
    case 'txt':
      return <FileText aria-hidden="true" className={className} />;
    case 'pptx':
      return <Presentation aria-hidden="true" className={className} />;
    case 'doc':
    case 'docx':
      return <FileType aria-hidden="true" className={className} />;
    case 'md':
    case 'markdown':
      return <NotebookPen aria-hidden="true" className={className} />;
    case 'jpg':
    case 'jpeg':
    case 'png':
    case 'webp':
      return <FileImage aria-hidden="true" className={className} />;
    default:
      return <File aria-hidden="true" className={className} />;
  }
}
