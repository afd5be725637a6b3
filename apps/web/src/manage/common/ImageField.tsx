import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { fileUrl, uploadFile } from '../../api/upload';
import { feedback } from '../../base/feedback';
import { type UploadRules, uploadProblem } from '../user-center/upload-rules';
import './image-field.css';

const IMAGE_RULES: UploadRules = { fileTypes: ['jpg', 'jpeg', 'png', 'svg'], maxSizeMB: 5, limit: 1 };

interface ImageFieldProps {
  /** The stored file name, '' for none. */
  value?: string;
  onChange?: (value: string) => void;
  /** What the picture is, for the buttons and its alt text. */
  label: string;
  /** The preview's class (its size differs between a banner and a logo). */
  previewClassName: string;
}

/** One public picture uploaded through `common/upload`, previewed, replaceable and removable. */
export function ImageField({ value = '', onChange, label, previewClassName }: ImageFieldProps) {
  const [isUploading, setUploading] = useState(false);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = uploadProblem(file, IMAGE_RULES, 0);
    if (problem) {
      feedback.message.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = async ({ file, onSuccess, onError }) => {
    if (!(file instanceof File)) return;
    setUploading(true);
    try {
      const answer = await uploadFile(file, 'public');
      onChange?.(answer.fileName);
      onSuccess?.(answer);
    } catch (error) {
      // The request layer has shown the server's reason.
      onError?.(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="image-field">
      {value && <img className={previewClassName} src={fileUrl(value)} alt={label} />}
      <Space wrap>
        <Upload
          accept={IMAGE_RULES.fileTypes.map((type) => `.${type}`).join(',')}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={isUploading}>
            {value ? `更换${label}` : `上传${label}`}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange?.('')}>
            移除{label}
          </Button>
        )}
      </Space>
      <p className="image-field__tip">支持jpg/png/svg格式，大小不超过5MB</p>
    </div>
  );
}
