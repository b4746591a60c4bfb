reset
set terminal svg size 800,520 dynamic font 'Sans,11' background rgb 'white'
set output 'broad-phase-scaling.svg'
set grid
set key top left
set title 'Broad phase of ccdbench scene: cloth falling on a sphere'
set logscale xy
set format x '10^{%L}'
set format y '10^{%L}'
set xlabel 'triangles'
set ylabel 'broad-phase wall time (s)'
plot 'broad-phase-scaling.dat' using 1:3 with linespoints lw 2 pt 7 lc rgb '#0072B2' title '1 thread, slope 1.26', '' using 1:4 with linespoints lw 2 pt 5 lc rgb '#D55E00' title '2 threads'
set output
reset
set terminal pngcairo size 800,520 font 'Sans,10' background rgb 'white'
set output 'broad-phase-scaling.png'
set grid
set key top left
set title 'Broad phase of ccdbench scene: cloth falling on a sphere'
set logscale xy
set format x '10^{%L}'
set format y '10^{%L}'
set xlabel 'triangles'
set ylabel 'broad-phase wall time (s)'
plot 'broad-phase-scaling.dat' using 1:3 with linespoints lw 2 pt 7 lc rgb '#0072B2' title '1 thread, slope 1.26', '' using 1:4 with linespoints lw 2 pt 5 lc rgb '#D55E00' title '2 threads'
set output
