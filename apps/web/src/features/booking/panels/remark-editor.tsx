import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { TRemarkLimits } from '@portal/contracts';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { imageProblem, type RemarkProblem } from './remark-limits';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

export interface RemarkEditorProps {
  /** Receives the editor once it exists (the panel reads its HTML and text to send). */
  onReady: (editor: Editor | null) => void;
  limits: TRemarkLimits | undefined;
  /** An image over the limit was refused. */
  onProblem: (p: RemarkProblem) => void;
  placeholder: string;
  /** Put the caret in the editor once it is created (it opens when the user asks to write). */
  autoFocus?: boolean;
}

/**
 * The remark editor (Tiptap): basic formatting, lists, links, and images pasted, dropped or inserted,
 * kept inline as data: URIs (png, jpeg, gif, webp) and refused at once when over the image size limit.
 */
export function RemarkEditor({ onReady, limits, onProblem, placeholder, autoFocus }: RemarkEditorProps) {
  const { t } = useTranslation('booking-extra');
  const fileInput = useRef<HTMLInputElement>(null);
  const ctx = useRef({ limits, onProblem });
  ctx.current = { limits, onProblem };

  const insertFiles = async (editor: Editor, files: File[]) => {
    for (const file of files.filter((f) => IMAGE_TYPES.includes(f.type))) {
      const { limits: l, onProblem: report } = ctx.current;
      const problem = l ? imageProblem(file.size, l) : null;
      if (problem) {
        report(problem);
        continue;
      }
      editor
        .chain()
        .focus()
        .setImage({ src: await readAsDataUrl(file), alt: file.name })
        .run();
    }
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, link: { openOnClick: false } }),
      Image.configure({ allowBase64: true, inline: true }),
    ],
    content: '',
    // Not Tiptap's `autofocus`: it focuses in a timeout after the editor is created, and when React commits the
    // editor's content element later than that (a busy machine, the lazy chunk's render yielding) the caret goes to
    // a detached element and is lost. Focused below once the view is in the page.
    autofocus: false,
    editorProps: {
      attributes: {
        'data-testid': 'remark-editor',
        'aria-label': placeholder,
        'data-placeholder': placeholder,
        style: 'min-height: 90px; padding: 6px 11px; outline: none;',
      },
      handlePaste: (_view, event) => {
        const files = [...(event.clipboardData?.files ?? [])].filter((f) => IMAGE_TYPES.includes(f.type));
        if (!files.length || !editorRef.current) return false;
        void insertFiles(editorRef.current, files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = [...((event as DragEvent).dataTransfer?.files ?? [])].filter((f) =>
          IMAGE_TYPES.includes(f.type),
        );
        if (!files.length || !editorRef.current) return false;
        event.preventDefault();
        void insertFiles(editorRef.current, files);
        return true;
      },
    },
  });
  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;
  useEffect(() => {
    onReady(editor);
    return () => onReady(null);
  }, [editor, onReady]);
  // EditorContent attaches the view in its own mount (a child's layout phase), so the view is in the page here.
  useEffect(() => {
    if (autoFocus && editor && !editor.isDestroyed) editor.commands.focus('end');
  }, [editor, autoFocus]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });

  const tool = (key: string, icon: ReactNode, active: boolean | undefined, run: () => void) => (
    <Tooltip title={t(`remarks.tools.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`remarks.tools.${key}`)}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
        data-testid={`remark-tool-${key}`}
      />
    </Tooltip>
  );

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}>
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {tool('bold', <BoldOutlined />, state?.bold, () => editor?.chain().focus().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, state?.italic, () =>
          editor?.chain().focus().toggleItalic().run(),
        )}
        {tool('bullet', <UnorderedListOutlined />, state?.bullet, () =>
          editor?.chain().focus().toggleBulletList().run(),
        )}
        {tool('ordered', <OrderedListOutlined />, state?.ordered, () =>
          editor?.chain().focus().toggleOrderedList().run(),
        )}
        {tool('image', <PictureOutlined />, false, () => fileInput.current?.click())}
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          data-testid="remark-image-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (editor) void insertFiles(editor, files);
          }}
        />
      </Space>
      <EditorContent editor={editor} className="remark-editor" />
    </div>
  );
}
