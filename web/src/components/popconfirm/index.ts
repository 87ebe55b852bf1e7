export { Popconfirm, type PopconfirmProps } from './popconfirm.js'
