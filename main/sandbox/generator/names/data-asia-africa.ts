// Name pools of East and South Asian and West African cultures, most frequent first. Chinese
// entries list simplified/traditional characters and the pinyin with syllables split by "-" (the
// dash marks syllables for the dictionary and is dropped from the canonical spelling); other Latin
// fields are Cantonese, Wade–Giles or Korean spellings in use.
import type { CultureData } from './culture-types';

// prettier-ignore
export const CHINESE: CultureData = {
  id: 'zh',
  countries: [['CN', 70], ['HK', 12], ['TW', 8], ['SG', 10]],
  male: [
    '伟/偉|Wei', '磊|Lei', '军/軍|Jun', '勇|Yong', '杰/傑|Jie', '涛/濤|Tao', '明|Ming', '超|Chao', '刚/剛|Gang',
    '平|Ping', '辉/輝|Hui', '鹏/鵬|Peng', '华/華|Hua', '飞/飛|Fei', '鑫|Xin', '波|Bo', '斌|Bin', '宇|Yu', '浩|Hao',
    '建华/建華|Jian-hua', '建国/建國|Jian-guo', '志强/志強|Zhi-qiang', '海涛/海濤|Hai-tao', '晓东/曉東|Xiao-dong',
    '俊杰/俊傑|Jun-jie', '子轩/子軒|Zi-xuan', '浩然|Hao-ran', '宇航|Yu-hang', '文博|Wen-bo', '国栋/國棟|Guo-dong',
    '振宇|Zhen-yu', '晓明/曉明|Xiao-ming', '家豪|Jia-hao|Ka-ho',
  ],
  female: [
    '芳|Fang', '娜|Na', '敏|Min', '静/靜|Jing', '丽/麗|Li', '艳/豔|Yan', '娟|Juan', '霞|Xia', '玲|Ling', '婷|Ting',
    '雪|Xue', '慧|Hui', '红/紅|Hong', '秀英|Xiu-ying', '桂英|Gui-ying', '丽娟/麗娟|Li-juan', '晓燕/曉燕|Xiao-yan',
    '美玲|Mei-ling', '欣怡|Xin-yi', '子涵|Zi-han', '雨桐|Yu-tong', '诗涵/詩涵|Shi-han', '佳怡|Jia-yi', '思琪|Si-qi',
    '梦瑶/夢瑤|Meng-yao', '雅婷|Ya-ting', '春梅|Chun-mei', '海燕|Hai-yan', '玉兰/玉蘭|Yu-lan', '淑珍|Shu-zhen',
  ],
  surnames: [
    '王|Wang|Wong', '李|Li|Lee', '张/張|Zhang|Chang|Cheung', '刘/劉|Liu|Lau', '陈/陳|Chen|Chan', '杨/楊|Yang|Yeung',
    '黄/黃|Huang|Wong', '赵/趙|Zhao|Chao|Chiu', '吴/吳|Wu|Ng', '周|Zhou|Chou|Chow', '徐|Xu|Hsu|Tsui', '孙/孫|Sun|Suen',
    '马/馬|Ma', '朱|Zhu|Chu', '胡|Hu|Woo', '郭|Guo|Kuo|Kwok', '何|He|Ho', '林|Lin|Lam|Lim', '高|Gao|Kao|Ko',
    '罗/羅|Luo|Lo|Law', '郑/鄭|Zheng|Cheng', '梁|Liang|Leung', '谢/謝|Xie|Hsieh|Tse', '宋|Song|Sung', '唐|Tang|Tong',
    '许/許|Xu|Hui|Hsu', '韩/韓|Han|Hon', '冯/馮|Feng|Fung', '邓/鄧|Deng|Teng|Tang', '曹|Cao|Tsao|Tso',
    '彭|Peng|Pang', '曾|Zeng|Tseng|Tsang', '肖/蕭|Xiao|Hsiao|Siu', '田|Tian|Tien', '董|Dong|Tung', '潘|Pan|Poon',
    '袁|Yuan|Yuen', '蔡|Cai|Tsai|Choi', '蒋/蔣|Jiang|Chiang', '余|Yu|Yue',
  ],
  middle: 'none',
  middleRate: 0,
  familyFirst: true,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const JAPANESE: CultureData = {
  id: 'ja',
  countries: [['JP', 100]],
  male: [
    '翔太|Shota|Shouta', '大輔|Daisuke', '健太|Kenta', '拓也|Takuya', '直樹|Naoki', '浩|Hiroshi', '誠|Makoto',
    '健一|Kenichi|Ken-ichi', '隆|Takashi', '和也|Kazuya', '大樹|Daiki', '翔|Sho|Shou', '蓮|Ren', '悠真|Yuma|Yuuma',
    '湊|Minato', '陽翔|Haruto', '亮|Ryo|Ryou', '剛|Tsuyoshi', '修|Osamu', '明|Akira', '学|Manabu', '哲也|Tetsuya',
    '秀樹|Hideki', '正人|Masato', '康介|Kosuke|Kousuke', '雄一|Yuichi|Yuuichi', '淳|Jun', '光|Hikaru',
    '勇気|Yuki|Yuuki', '智也|Tomoya',
  ],
  female: [
    '陽子|Yoko|Youko', '恵子|Keiko', '京子|Kyoko|Kyouko', '幸子|Sachiko', '裕子|Yuko|Yuuko', '美香|Mika',
    '直美|Naomi', '真由美|Mayumi', '愛|Ai', '彩|Aya', 'さくら|Sakura', '結衣|Yui', '美咲|Misaki', '陽菜|Hina',
    '葵|Aoi', '花子|Hanako', '明美|Akemi', '久美子|Kumiko', '智子|Tomoko', '由美|Yumi', '麻衣|Mai', '奈々|Nana',
    '千尋|Chihiro', '莉子|Riko', '絵美|Emi', '沙織|Saori', '香織|Kaori', '理恵|Rie', '友美|Tomomi',
  ],
  surnames: [
    '佐藤|Sato|Satou|Satoh', '鈴木|Suzuki', '高橋|Takahashi', '田中|Tanaka', '伊藤|Ito|Itoh|Itou',
    '渡辺|Watanabe', '山本|Yamamoto', '中村|Nakamura', '小林|Kobayashi', '加藤|Kato|Katoh|Katou', '吉田|Yoshida',
    '山田|Yamada', '佐々木|Sasaki', '山口|Yamaguchi', '松本|Matsumoto', '井上|Inoue', '木村|Kimura', '林|Hayashi',
    '斎藤|Saito|Saitoh', '清水|Shimizu', '山崎|Yamazaki|Yamasaki', '森|Mori', '池田|Ikeda', '橋本|Hashimoto',
    '石川|Ishikawa', '前田|Maeda', '藤田|Fujita', '小川|Ogawa', '岡田|Okada', '後藤|Goto|Gotoh',
    '長谷川|Hasegawa', '村上|Murakami', '近藤|Kondo|Kondou', '坂本|Sakamoto', '遠藤|Endo|Endoh', '青木|Aoki',
    '西村|Nishimura', '福田|Fukuda', '太田|Ota|Ohta|Oota',
  ],
  middle: 'none',
  middleRate: 0,
  familyFirst: true,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const KOREAN: CultureData = {
  id: 'ko',
  countries: [['KR', 100]],
  male: [
    '민준|Min-jun|Min-joon', '서준|Seo-jun|Seo-joon', '도윤|Do-yun|Do-yoon', '예준|Ye-jun', '시우|Si-woo|Si-u',
    '하준|Ha-jun', '지호|Ji-ho', '주원|Ju-won|Joo-won', '지훈|Ji-hoon|Ji-hun', '현우|Hyun-woo|Hyeon-u',
    '준서|Jun-seo', '건우|Geon-woo|Gun-woo', '우진|Woo-jin|U-jin', '성민|Sung-min|Seong-min',
    '동현|Dong-hyun|Dong-hyeon', '영수|Young-soo|Yeong-su', '상철|Sang-chul|Sang-cheol', '정호|Jung-ho|Jeong-ho',
    '재현|Jae-hyun|Jae-hyeon', '승현|Seung-hyun', '태현|Tae-hyun', '진우|Jin-woo', '준호|Jun-ho',
    '민수|Min-su|Min-soo', '광수|Kwang-soo|Gwang-su',
  ],
  female: [
    '서연|Seo-yeon|Seo-yun', '서윤|Seo-yun|Seo-yoon', '지우|Ji-woo|Ji-u', '서현|Seo-hyun|Seo-hyeon', '민서|Min-seo',
    '하은|Ha-eun', '하윤|Ha-yun|Ha-yoon', '윤서|Yun-seo|Yoon-seo', '지민|Ji-min', '지유|Ji-yu', '수빈|Su-bin|Soo-bin',
    '예은|Ye-eun', '은지|Eun-ji', '지현|Ji-hyun|Ji-hyeon', '수진|Su-jin|Soo-jin', '미영|Mi-young|Mi-yeong',
    '영희|Young-hee|Yeong-hui', '혜진|Hye-jin', '은정|Eun-jung|Eun-jeong', '민지|Min-ji', '유진|Yu-jin|Yoo-jin',
    '소영|So-young|So-yeong', '지은|Ji-eun', '현주|Hyun-joo|Hyeon-ju',
  ],
  surnames: [
    '김|Kim|Gim', '이|Lee|Yi|Rhee|Ri', '박|Park|Bak|Pak', '최|Choi|Choe|Chwe', '정|Jung|Jeong|Chung',
    '강|Kang|Gang', '조|Cho|Jo', '윤|Yoon|Yun', '장|Jang|Chang', '임|Lim|Im|Rim', '한|Han', '오|Oh|O',
    '서|Seo|Suh', '신|Shin|Sin', '권|Kwon|Gwon', '황|Hwang', '안|Ahn|An', '송|Song', '류|Ryu|Yoo|Yu',
    '전|Jeon|Chun', '홍|Hong', '고|Ko|Go', '양|Yang', '손|Son|Sohn', '배|Bae|Pae', '백|Baek|Paik',
    '허|Heo|Huh|Hur', '남|Nam',
  ],
  middle: 'none',
  middleRate: 0,
  familyFirst: true,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const VIETNAMESE: CultureData = {
  id: 'vi',
  countries: [['VN', 85], ['FR', 5], ['US', 5], ['DE', 5]],
  male: [
    'Minh', 'Anh', 'Hùng', 'Dũng', 'Tuấn', 'Nam', 'Hải', 'Long', 'Quang', 'Đức', 'Thành', 'Phúc', 'Khoa',
    'Bảo', 'Huy', 'Trung', 'Sơn', 'Thắng', 'Hiếu', 'Việt',
  ],
  female: [
    'Linh', 'Hương', 'Lan', 'Mai', 'Trang', 'Thảo', 'Ngọc', 'Hà', 'Hằng', 'Phương', 'Thu', 'Hoa', 'Nhung',
    'Yến', 'Vy', 'Chi', 'Nga', 'Quỳnh', 'Loan', 'Thủy',
  ],
  surnames: [
    'Nguyễn|Nguyen|Nguyên', 'Trần|Tran', 'Lê|Le', 'Phạm|Pham', 'Hoàng|Hoang', 'Huỳnh|Huynh', 'Phan',
    'Vũ|Vu', 'Võ|Vo', 'Đặng|Dang', 'Bùi|Bui', 'Đỗ|Do', 'Hồ|Ho', 'Ngô|Ngo', 'Dương|Duong', 'Lý|Ly',
  ],
  middle: 'vietnamese',
  middleRate: 0.9,
  familyFirst: true,
  doubleSurname: false,
  surnameGender: 'none',
  middleMale: ['Văn', 'Đức', 'Quốc', 'Minh', 'Hữu', 'Công'],
  middleFemale: ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Kim', 'Bích'],
};

// prettier-ignore
export const INDIAN: CultureData = {
  id: 'in',
  countries: [['IN', 80], ['GB', 8], ['AE', 6], ['SG', 3], ['US', 3]],
  male: [
    'Rahul', 'Amit', 'Rajesh', 'Sanjay', 'Vijay', 'Suresh', 'Ramesh', 'Anil', 'Sunil', 'Deepak', 'Arun',
    'Ajay', 'Manoj', 'Vikram', 'Ravi', 'Sandeep', 'Rohit', 'Arjun', 'Aditya', 'Karan', 'Nikhil', 'Pradeep',
    'Ashok', 'Mahesh', 'Ganesh', 'Sachin', 'Vivek', 'Harish', 'Mohan', 'Siddharth|Siddhartha', 'Abhishek',
    'Prakash', 'Imran', 'Farhan', 'Venkatesh', 'Srinivas|Srinivasan',
  ],
  female: [
    'Priya', 'Anjali', 'Sunita', 'Pooja|Puja', 'Neha', 'Kavita|Kavitha', 'Anita', 'Deepika', 'Lakshmi|Laxmi',
    'Meera|Mira', 'Divya', 'Shreya', 'Aishwarya', 'Ritu', 'Swati', 'Sneha', 'Nisha', 'Rekha', 'Geeta|Gita',
    'Sita|Seeta', 'Radha', 'Usha', 'Asha', 'Kiran', 'Shalini', 'Preeti|Priti', 'Aarti|Arti', 'Madhuri',
    'Sapna', 'Nandini', 'Fatima',
  ],
  surnames: [
    'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Shah', 'Mehta', 'Joshi', 'Agarwal|Aggarwal',
    'Reddy', 'Rao', 'Nair', 'Pillai', 'Iyer', 'Menon', 'Chopra', 'Malhotra', 'Kapoor', 'Khanna', 'Bose',
    'Banerjee|Banerji', 'Chatterjee|Chatterji', 'Mukherjee|Mukherji', 'Das', 'Ghosh', 'Srivastava|Shrivastava',
    'Mishra', 'Pandey', 'Tiwari|Tewari', 'Chaudhary|Choudhary|Chaudhry', 'Desai', 'Kulkarni', 'Jain',
    'Bhat|Bhatt', 'Saxena', 'Sinha', 'Naidu', 'Krishnan', 'Subramanian|Subramaniam', 'Khan',
    'Qureshi|Kureshi', 'Siddiqui|Siddiqi',
  ],
  middle: 'father',
  middleRate: 0.35,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};

// prettier-ignore
export const NIGERIAN: CultureData = {
  id: 'ng',
  countries: [['NG', 85], ['GB', 8], ['GH', 4], ['US', 3]],
  male: [
    'Oluwaseun|Seun', 'Adebayo', 'Chukwuemeka|Emeka', 'Chinedu', 'Olumide', 'Babatunde|Tunde',
    'Oluwafemi|Femi', 'Ikechukwu|Ike', 'Obinna', 'Emmanuel', 'Ibrahim', 'Musa', 'Abubakar|Abubakr',
    'Usman|Uthman', 'Aliyu', 'Nnamdi', 'Tochukwu', 'Kelechi', 'Ayodele', 'Godwin', 'Samuel', 'Daniel',
    'Yusuf', 'Abdullahi', 'Chidi', 'Uche', 'Kayode', 'Gbenga', 'Adewale|Wale', 'Oluwatobi|Tobi',
  ],
  female: [
    'Ngozi', 'Chioma', 'Adaeze|Ada', 'Folake', 'Funmilayo|Funmi', 'Oluwakemi|Kemi', 'Yetunde', 'Aisha',
    'Fatima', 'Amina', 'Chiamaka', 'Nneka', 'Ifeoma', 'Blessing', 'Grace', 'Oluwaseyi|Seyi',
    'Temitope|Tope', 'Omolara|Lara', 'Abimbola|Bimbo', 'Adunni', 'Ebere', 'Uchenna', 'Hauwa', 'Zainab',
    'Halima', 'Bukola', 'Titilayo|Titi', 'Adaobi', 'Obiageli', 'Nkechi',
  ],
  surnames: [
    'Adeyemi', 'Okafor', 'Okonkwo', 'Adebayo', 'Ogunleye', 'Eze', 'Nwosu', 'Ibrahim', 'Bello', 'Abubakar',
    'Mohammed', 'Olawale', 'Okeke', 'Chukwu', 'Nwachukwu', 'Obi', 'Adeleke', 'Akinola', 'Ogundipe',
    'Balogun', 'Afolabi', 'Okoro', 'Igwe', 'Onyeka', 'Lawal', 'Musa', 'Danjuma', 'Yusuf', 'Oladipo',
    'Adewale', 'Olatunji', 'Ojo', 'Akande', 'Aminu', 'Salisu', 'Suleiman', 'Eze-Okafor',
  ],
  middle: 'given',
  middleRate: 0.4,
  familyFirst: false,
  doubleSurname: false,
  surnameGender: 'none',
};
