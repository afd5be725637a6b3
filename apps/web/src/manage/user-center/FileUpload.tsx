import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { uploadFile } from '../../api/upload';
import { feedback } from '../../base/feedback';
import { DEFAULT_UPLOAD_RULES, type UploadRules, uploadProblem } from './upload-rules';
import { useFileLink } from './useFileLink';

interface FileUploadProps {
  /** The stored `fileName`s. */
  value?: string[];
  onChange?: (value: string[]) => void;
  rules?: Partial<UploadRules>;
  disabled?: boolean;
  /** The button's text. */
  label?: string;
  /** Identity documents and licences: served only to their owner and admins, by signed links. */
  isPrivate?: boolean;
  /** The names the stored files had when uploaded, by stored name (files uploaded here are known). */
  names?: Readonly<Record<string, string>>;
}

/**
 * Uploads files through `common/upload` and keeps their stored names, refusing on the client
 * what spec §5 refuses (type, size, count) with the spec's messages.
 */
export function FileUpload({
  value = [],
  onChange,
  rules,
  disabled,
  label = '选择文件',
  isPrivate = false,
  names = {},
}: FileUploadProps) {
  const effective: UploadRules = { ...DEFAULT_UPLOAD_RULES, ...rules };
  // Uploads finish one by one after renders that knew fewer of them: count and add against the latest list.
  const latest = useRef(value);
  latest.current = value;
  const reserved = useRef(0);
  const [uploading, setUploading] = useState(0);
  // The stored names are generated; a person knows a file by the name it had on their computer.
  const [uploadedNames, setUploadedNames] = useState<Record<string, string>>({});
  const nameOf = (fileName: string) => uploadedNames[fileName] ?? names[fileName] ?? shortName(fileName);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = uploadProblem(file, effective, latest.current.length + reserved.current);
    if (problem) {
      feedback.message.error(problem);
      return Upload.LIST_IGNORE;
    }
    reserved.current += 1;
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    setUploading((count) => count + 1);
    try {
      if (!(file instanceof File)) return;
      const answer = await uploadFile(file, isPrivate ? 'private' : 'public');
      const next = [...latest.current, answer.fileName];
      latest.current = next;
      setUploadedNames((known) => ({ ...known, [answer.fileName]: file.name }));
      onChange?.(next);
      onSuccess?.(answer);
    } catch (error) {
      // The request layer has shown the server's reason; antd only needs to know it ended.
      onError?.(error instanceof Error ? error : new Error(String(error)));
    } finally {
      reserved.current -= 1;
      setUploading((count) => count - 1);
    }
  };

  function handleRemove(fileName: string) {
    const next = latest.current.filter((name) => name !== fileName);
    latest.current = next;
    onChange?.(next);
  }

  return (
    <div className="file-upload">
      <Upload
        accept={effective.fileTypes.map((type) => `.${type}`).join(',')}
        multiple={effective.limit > 1}
        showUploadList={false}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        disabled={disabled}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={uploading > 0} disabled={disabled}>
          {label}
        </Button>
      </Upload>
      <p className="file-upload__tip">
        请上传大小不超过{effective.maxSizeMB}MB、格式为{effective.fileTypes.join('/')}的文件，最多{effective.limit}个
      </p>
      {value.length > 0 && (
        <ul className="file-upload__list">
          {value.map((fileName) => (
            <li key={fileName}>
              <PaperClipOutlined aria-hidden />
              <FileLink fileName={fileName} name={nameOf(fileName)} isPrivate={isPrivate} />
              {!disabled && (
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`删除${nameOf(fileName)}`}
                  onClick={() => handleRemove(fileName)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function FileLink({ fileName, name, isPrivate }: { fileName: string; name: string; isPrivate: boolean }) {
  const href = useFileLink(fileName, isPrivate);
  if (href === null) return <span>{name}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {name}
    </a>
  );
}

function shortName(fileName: string): string {
  return fileName.slice(fileName.lastIndexOf('/') + 1);
}
