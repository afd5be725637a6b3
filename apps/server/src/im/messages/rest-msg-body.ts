import type { RestMsgElem, RestMsgElemAnswer, WireMessage } from '@liaison/protocol';
import type { DeliveredContent } from './message-content';

/**
 * Tencent's REST MsgBody and Liaison's message content, both ways: what the REST API's message
 * commands (one-to-one and group) send, import and modify, and what they answer of history. The
 * files a MsgBody names are another system's URLs, kept as they came: nothing is granted, and
 * moderation judges the texts.
 */
export function restContent(elem: RestMsgElem): DeliveredContent {
  switch (elem.MsgType) {
    case 'TIMTextElem':
      return content('TIMTextElem', { text: elem.MsgContent.Text }, [elem.MsgContent.Text]);
    case 'TIMCustomElem': {
      const { Data = '', Desc = '', Ext = '' } = elem.MsgContent;
      return content('TIMCustomElem', { data: Data, description: Desc, extension: Ext }, [Data, Desc, Ext]);
    }
    case 'TIMFaceElem':
      return content('TIMFaceElem', { index: elem.MsgContent.Index, data: elem.MsgContent.Data ?? '' }, []);
    case 'TIMLocationElem': {
      const { Desc = '', Latitude, Longitude } = elem.MsgContent;
      return content('TIMLocationElem', { description: Desc, latitude: Latitude, longitude: Longitude }, [Desc]);
    }
    case 'TIMImageElem': {
      const { UUID, ImageFormat, ImageInfoArray } = elem.MsgContent;
      const imageInfoArray = ImageInfoArray.map((info) => ({
        type: info.Type,
        size: info.Size,
        width: info.Width,
        height: info.Height,
        url: info.URL,
      }));
      return content('TIMImageElem', { uuid: UUID, imageFormat: ImageFormat, imageInfoArray }, []);
    }
    case 'TIMSoundElem': {
      const { Url, UUID = '', Size, Second, Download_Flag = DOWNLOADABLE } = elem.MsgContent;
      const payload = { uuid: UUID, url: Url, remoteAudioUrl: Url, size: Size, second: Second };
      return content('TIMSoundElem', { ...payload, downloadFlag: Download_Flag }, []);
    }
    case 'TIMFileElem': {
      const { Url, UUID = '', FileSize, FileName, Download_Flag = DOWNLOADABLE } = elem.MsgContent;
      const payload = { uuid: UUID, fileName: FileName, fileSize: FileSize, fileUrl: Url };
      return content('TIMFileElem', { ...payload, downloadFlag: Download_Flag }, [FileName]);
    }
    case 'TIMVideoFileElem':
      return content('TIMVideoFileElem', videoPayload(elem.MsgContent), []);
  }
}

/** A stored message's content as Tencent's MsgBody; a revoked message's is empty. */
export function restMsgBody(message: WireMessage): RestMsgElemAnswer[] {
  if (message.isRevoked) return [];
  return [{ MsgType: message.type, MsgContent: restMsgContent(message) }];
}

/** reference SDK: a Download_Flag of 2 means the file can be downloaded. */
const DOWNLOADABLE = 2;

type VideoContent = Extract<RestMsgElem, { MsgType: 'TIMVideoFileElem' }>['MsgContent'];

function videoPayload(video: VideoContent) {
  return {
    videoUUID: video.VideoUUID ?? '',
    videoUrl: video.VideoUrl,
    remoteVideoUrl: video.VideoUrl,
    videoSize: video.VideoSize,
    videoSecond: video.VideoSecond,
    videoFormat: video.VideoFormat,
    videoDownloadFlag: video.VideoDownloadFlag ?? DOWNLOADABLE,
    snapshotUUID: video.ThumbUUID ?? '',
    snapshotUrl: video.ThumbUrl ?? '',
    snapshotWidth: video.ThumbWidth ?? 0,
    snapshotHeight: video.ThumbHeight ?? 0,
    snapshotSize: video.ThumbSize ?? 0,
    thumbUrl: video.ThumbUrl ?? '',
  };
}

function content(
  type: DeliveredContent['type'],
  payload: DeliveredContent['payload'],
  texts: string[],
): DeliveredContent {
  return { type, payload, grants: [], record: null, moderated: { texts, images: [] } };
}

/** Tencent's MsgContent of a delivered payload; types Tencent's REST API has no form for keep Liaison's fields. */
function restMsgContent(message: WireMessage): Record<string, unknown> {
  switch (message.type) {
    case 'TIMTextElem':
      return { Text: message.payload.text };
    case 'TIMCustomElem':
      return { Data: message.payload.data, Desc: message.payload.description, Ext: message.payload.extension };
    case 'TIMFaceElem':
      return { Index: message.payload.index, Data: message.payload.data };
    case 'TIMLocationElem': {
      const { description, latitude, longitude } = message.payload;
      return { Desc: description, Latitude: latitude, Longitude: longitude };
    }
    case 'TIMImageElem':
      return {
        UUID: message.payload.uuid,
        ImageFormat: message.payload.imageFormat,
        ImageInfoArray: message.payload.imageInfoArray.map((info) => ({
          Type: info.type,
          Size: info.size,
          Width: info.width,
          Height: info.height,
          URL: info.url,
        })),
      };
    case 'TIMSoundElem': {
      const { url, uuid, size, second, downloadFlag } = message.payload;
      return { Url: url, UUID: uuid, Size: size, Second: second, Download_Flag: downloadFlag };
    }
    case 'TIMFileElem': {
      const { fileUrl, uuid, fileSize, fileName, downloadFlag } = message.payload;
      return { Url: fileUrl, UUID: uuid, FileSize: fileSize, FileName: fileName, Download_Flag: downloadFlag };
    }
    case 'TIMVideoFileElem': {
      const video = message.payload;
      return {
        VideoUrl: video.videoUrl,
        VideoUUID: video.videoUUID,
        VideoSize: video.videoSize,
        VideoSecond: video.videoSecond,
        VideoFormat: video.videoFormat,
        VideoDownloadFlag: video.videoDownloadFlag,
        ThumbUrl: video.snapshotUrl,
        ThumbUUID: video.snapshotUUID,
        ThumbSize: video.snapshotSize,
        ThumbWidth: video.snapshotWidth,
        ThumbHeight: video.snapshotHeight,
      };
    }
    case 'TIMRelayElem': {
      const { title, abstractList, compatibleText } = message.payload;
      return { Title: title, AbstractList: abstractList, CompatibleText: compatibleText };
    }
    default:
      return { ...message.payload };
  }
}
