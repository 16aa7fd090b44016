export { Chart, type ChartDatum, type ChartProps, type ChartSeries, type ChartType } from './chart';
