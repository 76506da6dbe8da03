#!/usr/bin/perl
# fresh.pl SRCDIR SEED COUNT - mutants nobody chose: COUNT one-token slips
# drawn at random (seeded, so a run can be repeated) from the C sources of
# the layers a planted bug could hide in, printed in the format of
# tests/mutation/mutants.txt.  `make mutation-fresh` runs them through
# run.sh (MUTATION_LIST); docs/TESTING.md, "Fresh mutants".
#
# The hand-written list tests the faults someone thought of; these test the
# suite against the slips no one did: a comparison made strict or loose,
# == and != swapped, + and - or << and >> exchanged, && for ||, & for |, a
# small constant off by one.  Only code is mutated: comments, strings,
# character constants and preprocessor lines are left alone, and so are
# lines that only print or format a diagnostic.  The text to find is the
# whole line, widened by the lines after it until it occurs once in its
# file, as run.sh requires.
use strict;
use warnings;

my ($src, $seed, $count) = @ARGV;
die "usage: fresh.pl SRCDIR SEED COUNT\n" unless defined $count && $count =~ /^\d+$/;
srand($seed);

# the layers: both emulators, the lowering, the vISA and Gen stages, the
# metadata (ABI) and the front end
my @dirs = qw(src/emu src/translate src/visa src/gen src/metadata src/ilparse);
my @files;
for my $d (@dirs) {
	opendir(my $h, "$src/$d") or die "$src/$d: $!\n";
	push @files, map { "$d/$_" } sort grep { /\.c$/ } readdir $h;
	closedir $h;
}

# the replacements a token may take (the first that applies at a place)
my @rules = (
	[qr/<=/, '<'], [qr/>=/, '>'],
	[qr/(?<![<>-])<(?![<=])/, '<='], [qr/(?<![<>-])>(?![>=])/, '>='],
	[qr/==/, '!='], [qr/!=/, '=='],
	[qr/&&/, '||'], [qr/\|\|/, '&&'],
	[qr/(?<=[\w)\]]) \+ (?=[\w(])/, ' - '], [qr/(?<=[\w)\]]) - (?=[\w(])/, ' + '],
	[qr/(?<=[\w)\]]) << (?=[\w(])/, ' >> '], [qr/(?<=[\w)\]]) >> (?=[\w(])/, ' << '],
	[qr/(?<=[\w)\]]) & (?=[\w(])/, ' | '], [qr/(?<=[\w)\]]) \| (?=[\w(])/, ' & '],
	[qr/(?<=[\w)\]]) \^ (?=[\w(])/, ' | '],
);

# every (file, line, column, old, new) a rule allows
my @sites;
for my $f (@files) {
	open(my $h, '<', "$src/$f") or die "$src/$f: $!\n";
	my @lines = <$h>;
	close $h;
	my $text = join '', @lines;
	my $in_comment = 0;
	for my $i (0 .. $#lines) {
		my $l = $lines[$i];
		chomp(my $code = $l);
		# blank out comments, strings and character constants, keeping columns
		my $out = '';
		my $j = 0;
		while ($j < length $code) {
			my $c = substr($code, $j, 1);
			my $two = substr($code, $j, 2);
			if ($in_comment) {
				if ($two eq '*/') { $in_comment = 0; $out .= '  '; $j += 2; next }
				$out .= ' '; $j++; next;
			}
			if ($two eq '/*') { $in_comment = 1; $out .= '  '; $j += 2; next }
			if ($two eq '//') { $out .= ' ' x (length($code) - $j); last }
			if ($c eq '"' || $c eq "'") {
				my $k = $j + 1;
				while ($k < length $code && substr($code, $k, 1) ne $c) {
					$k++ if substr($code, $k, 1) eq '\\';
					$k++;
				}
				$out .= ' ' x ($k + 1 - $j); $j = $k + 1; next;
			}
			$out .= $c; $j++;
		}
		next if $out =~ /^\s*#/ || $out !~ /\S/ || $out =~ /__attribute__/;
		next if $code =~ /\b(?:diag|il_error|il_warn|md_error|error_at|note_at|warn_at|fprintf|printf|snprintf|buf_printf|fputs|puts)\s*\(/;
		next if $out =~ /^\s*(?:static\s+)?(?:const\s+)?\w+\s+\**\w+\s*\[.*\]\s*=/;	# table rows
		next if $out =~ /0x[0-9A-Fa-f]{12,}/;	# hash mixing: any constant hashes as well
		for my $r (@rules) {
			my ($re, $new) = @$r;
			while ($out =~ /$re/g) {
				my ($at, $len) = ($-[0], $+[0] - $-[0]);
				push @sites, [$f, $i, $at, $len, $new, \@lines, \$text];
			}
		}
		# small decimal constants off by one; not a status a caller only
		# tests for zero (return 1, return -1) nor a negative literal
		next if $out =~ /^\s*return\s+-?\d+\s*;\s*$/ || $out =~ /[^=!<>]=\s*1\s*;/;
		next if $f =~ /libmacro\.c$/ && $code =~ m{^\s*/\*\s*\d+\s*\*/};	# the names table
		while ($out =~ /(?<![\w.-])([1-9]|[12]\d|3[0-2])(?![\w.])/g) {
			my ($at, $len) = ($-[1], $+[1] - $-[1]);
			# an array's size in a declaration: a bigger array changes nothing
			next if substr($out, 0, $at) =~ /^\s*[A-Za-z_][\w \t*]*\[\s*$/ && substr($out, $at + $len) =~ /^\s*\]/;
			push @sites, [$f, $i, $at, $len, $1 + 1, \@lines, \$text];
		}
	}
}
die "fresh.pl: no sites\n" unless @sites;
my %by_layer;
push @{$by_layer{$_->[0] =~ m{^(src/\w+)/} ? $1 : ''}}, $_ for @sites;

sub esc { my $s = shift; $s =~ s/\t/\\t/g; $s =~ s/\n/\\n/g; return $s }
sub occurrences { my ($s, $t) = @_; my $n = 0; my $p = -1;
	while (($p = index($s, $t, $p + 1)) >= 0) { $n++ } return $n }

my %taken;
my $made = 0;
my $tries = 0;
while ($made < $count && $tries++ < 100 * $count) {
	# a layer first (each as likely as the others: the small ones, the
	# metadata and the finalizer driver, matter as much as the emulators),
	# then a place in it
	my $layer = $dirs[int(rand(@dirs))];
	my $in = $by_layer{$layer} or next;
	my $s = $in->[int(rand(@$in))];
	my ($f, $i, $at, $len, $new, $lines, $text) = @$s;
	next if $taken{"$f:$i"}++;
	my $old = $lines->[$i];
	my $mut = $old;
	substr($mut, $at, $len) = $new;
	# widen to the following lines until the text is unique in the file
	my ($find, $repl) = ($old, $mut);
	my $k = $i;
	while (occurrences($$text, $find) != 1 && $k < $#$lines) {
		$k++;
		$find .= $lines->[$k];
		$repl .= $lines->[$k];
	}
	next if occurrences($$text, $find) != 1;
	# run.sh reads the text after "- " up to the newline: drop the last one
	$find =~ s/\n\z//; $repl =~ s/\n\z//;
	next if $find =~ /\\[nt]/;	# the list format cannot say a literal \n
	$made++;
	my $name = sprintf "fresh-%d-%02d", $seed, $made;
	(my $what = $old) =~ s/^\s+|\s+$//g;
	$what = substr($what, 0, 60);
	printf "= %s | fresh | %s | %s:%d: %s, '%s' -> '%s'\n", $name,
		($f =~ m{src/(\w+)/} ? $1 : 'src'), $f, $i + 1, $what,
		substr($old, $at, $len), $new;
	print "@ $f\n- ", esc($find), "\n+ ", esc($repl), "\n\n";
}
die "fresh.pl: only $made of $count mutants\n" if $made < $count;
