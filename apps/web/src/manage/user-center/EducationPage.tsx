import { PlayCircleOutlined } from '@ant-design/icons';
import type { EducationVideo } from '@liaison/protocol';
import { Alert, Empty, Modal, Pagination, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { fetchEducationVideos, type VideoQuery } from '../../api/admin';
import './admin-pages.css';
import { ListFailed } from '../../common/ListFailed';
import { usePagedList } from '../../common/use-paged-list';
import { FilterBar } from '../common/FilterBar';
import { SearchBox } from '../common/SearchBox';
import { formatDuration } from './ContentPage';

const PAGE_SIZE = 12;

/** The platform's learning videos for every logged-in user: search, pages, play in a modal. */
export function EducationPage() {
  const [title, setTitle] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const query = useMemo<VideoQuery>(
    () => ({ title: title || undefined, pageNum, pageSize: PAGE_SIZE }),
    [title, pageNum],
  );
  const list = usePagedList(fetchEducationVideos, query);
  const [playing, setPlaying] = useState<EducationVideo | null>(null);

  return (
    <section className="page">
      <h1 className="page__title">学习视频</h1>
      <FilterBar>
        <SearchBox
          label="搜索视频"
          placeholder="搜索视频标题"
          onSearch={(text) => {
            setTitle(text);
            setPageNum(1);
          }}
        />
      </FilterBar>
      {list.hasFailed ? (
        <ListFailed title="学习视频加载失败" onRetry={list.reload} />
      ) : (
        <Spin spinning={list.isLoading}>
          {list.rows.length === 0 && !list.isLoading ? (
            <Empty className="education__empty" description={title ? '没有找到相关视频' : '暂无学习视频'} />
          ) : (
            <div className="education__grid">
              {list.rows.map((video) => (
                <button type="button" key={video.id} className="education__card" onClick={() => setPlaying(video)}>
                  {/* Read as 播放, the title, then the length: what the card shows, in order. */}
                  <span className="visually-hidden">播放</span>
                  <span className="education__title">{video.title}</span>
                  <span className="education__cover">
                    <img src={video.coverUrl} alt="" />
                    <span className="education__duration">
                      <PlayCircleOutlined aria-hidden /> {formatDuration(video.durationS)}
                    </span>
                  </span>
                </button>
              ))}
            </div>
          )}
        </Spin>
      )}
      {list.total > PAGE_SIZE && (
        <Pagination
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={list.total}
          showTotal={(n) => `共 ${n} 个视频`}
          onChange={setPageNum}
          align="center"
        />
      )}
      <Modal
        open={playing !== null}
        title={playing?.title}
        footer={null}
        width={800}
        onCancel={() => setPlaying(null)}
        destroyOnHidden
      >
        {playing && <Player video={playing} />}
      </Modal>
    </section>
  );
}

function Player({ video }: { video: EducationVideo }) {
  const [hasFailed, setFailed] = useState(false);
  if (hasFailed) return <Alert type="warning" showIcon title="视频暂时无法播放，请稍后再试" />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: the platform's lessons come without caption tracks
    <video
      className="education__player"
      src={video.videoUrl}
      poster={video.coverUrl}
      controls
      autoPlay
      onError={() => setFailed(true)}
    />
  );
}
