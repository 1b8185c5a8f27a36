# The SRAM peak of an ethos-u-estimate summary CSV (KiB), in bytes.
{ sub(/\r$/, "") }
NR == 1 { for (i = 1; i <= NF; i++) if ($i == "sram_memory_used") c = i }
NR == 2 { print $c * 1024 }
