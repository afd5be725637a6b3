throw new Error('@tencentcloud/chat must resolve to @liaison/sdk here: the Tencent kit tests alias it');
