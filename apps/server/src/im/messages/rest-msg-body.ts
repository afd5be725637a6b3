import { type RestMsgElem, type RestMsgElemAnswer, tencentMsgBody, type WireMessage } from '@liaison/protocol';
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
  return tencentMsgBody(message);
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
