import DOMPurify from 'dompurify';

/** Stored remark HTML (sanitised by the server) rendered once more through DOMPurify. */
export default function RemarkHtml({ html }: { html: string }) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
  return (
    <div
      className="remark-html"
      style={{ overflowWrap: 'anywhere' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
